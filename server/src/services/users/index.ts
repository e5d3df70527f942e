export * from './profiles';
