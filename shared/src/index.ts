// Zod's own messages in Turkish for anything a schema does not word itself (also imported by every schema).
import './zod-locale';

export * from './limits';
export * from './texts';
export * from './errors';
export * from './bridge';
export * from './rules/fold';
export * from './rules/slug';
export * from './rules/password';
export * from './rules/text';
export * from './rules/numbers';
export * from './rules/contrast';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/posts';
export * from './schemas/users';
export * from './schemas/messages';
export * from './schemas/events';
export * from './realtime';
export * from './ipc';
export * from './schemas/questions';
export * from './schemas/blog';
export * from './schemas/hobby-groups';
export * from './schemas/admin';
export * from './schemas/categories';
export * from './schemas/stats';
export * from './schemas/notifications';
export * from './schemas/reports';
