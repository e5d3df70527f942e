export * from './comments';
export * from './likes';
