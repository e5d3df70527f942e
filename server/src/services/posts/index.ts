export * from './posts';
export * from './shared-pages';
