export * from './events';
export * from './calendar';
