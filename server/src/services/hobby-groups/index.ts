export { groupBySlug, isMember } from './access';
export * from './groups';
export * from './membership';
export { listPosts, assertMember, createPost, deletePost, setLike, isLiked } from './posts';
export * from './comments';
export * from './events';
