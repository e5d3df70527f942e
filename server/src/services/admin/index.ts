/**
 * The admin workspace's service. Each resource's admin side lives next to the resource
 * (services/<resource>/admin.ts); this module gathers them for routes/admin, plus what works
 * across resources (the overview's counts, bulk deletes of workspace tables).
 */
export { stats } from './stats';
export { bulkDelete } from './bulk';
export { listUsers, updateUser, deleteUser, bulkUsers } from '../users/admin';
export { listGroups, deleteGroupAndFiles } from '../hobby-groups/admin';
export { listQuestions } from '../questions/admin';
export { listComments, editComment, deleteComment, bulkDeleteComments } from '../engagement/admin';
export { listContent, deleteContent, bulkDeleteContent } from '../posts/admin';
export { listEvents, deleteEvent } from '../events/admin';
