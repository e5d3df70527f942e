export * from './posts';
