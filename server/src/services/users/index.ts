export * from './lookup';
export * from './profiles';
