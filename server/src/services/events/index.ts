export * from './events';
export * from './calendar';
export * from './reminders';
export * from './photos';
