import { toIso } from '../db/time';

/** A row of the admin workspace's events table: a city event or a group event. */
export function presentAdminEvent(kind: 'event' | 'group_event', r: any) {
  const city = kind === 'event';
  return {
    kind, id: r.id, title: r.title, date: toIso(r.date), location: r.location, category: city ? r.category : null,
    attendeesCount: city ? r.attendees_count : null, isPrivate: Boolean(r.is_private),
    creator: r.username ? { username: r.username, displayName: r.display_name } : null,
    group: city ? null : { name: r.group_name, slug: r.group_slug }, createdAt: toIso(r.created_at),
    };
}
