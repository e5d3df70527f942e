export * from './sanitize';
export * from './posts';
export * from './comments';
export * from './categories';
export * from './admin';
