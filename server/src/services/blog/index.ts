export * from './blog';
