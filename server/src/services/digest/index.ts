export * from './content';
export * from './schedule';
export * from './settings';
export * from './send';
export * from './template';
export * from './unsubscribe';
export * from './mail';
