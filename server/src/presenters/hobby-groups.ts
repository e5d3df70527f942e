import { toIso } from '../db/time';

/** A row of the admin workspace's groups table (joined with its creator). */
export function presentAdminGroup(r: any) {
  return {
    id: r.id, name: r.name, slug: r.slug, isPrivate: Boolean(r.is_private), memberCount: r.member_count, postCount: r.post_count, eventCount: r.event_count,
    creator: r.creator_username ? { username: r.creator_username, displayName: r.creator_name } : null, createdAt: toIso(r.created_at),
  };
}
