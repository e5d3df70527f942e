export * from './hobby-groups';
