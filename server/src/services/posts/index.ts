export * from './posts';
export * from './shared-pages';
export * from './tagged';
