export * from './questions';
