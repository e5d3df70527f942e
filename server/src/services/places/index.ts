export * from './places';
export * from './import';
export * from './area';
