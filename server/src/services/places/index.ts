export * from './places';
export * from './import';
export * from './area';
export * from './nearby';
