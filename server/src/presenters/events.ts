import { EVENT_CATEGORY_COLORS } from '@mahalle/shared';
import { toIso } from '../db/time';
import type { AdminEvent } from '@mahalle/shared';

/** A row of the admin workspace's events table: a city event or a group event. */
export function presentAdminEvent(kind: 'event' | 'group_event', r: any): AdminEvent {
  const city = kind === 'event';
  return {
    kind,
    id: r.id,
    title: r.title,
    date: toIso(r.date),
    location: r.location,
    category: city ? r.category : null,
    attendeesCount: city ? r.attendees_count : null,
    isPrivate: Boolean(r.is_private),
    creator: r.username ? { username: r.username, displayName: r.display_name } : null,
    group: city ? null : { name: r.group_name, slug: r.group_slug },
    createdAt: toIso(r.created_at),
  };
}

/** A city event joined with its creator; `attending`: whether the viewer goes. */
export function presentEvent(r: any, attending: boolean) {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    date: toIso(r.date),
    location: r.location,
    imageUrl: r.image_url,
    creator: { id: r.creator_id, username: r.u_username, displayName: r.u_display_name, profileImage: r.u_profile_image },
    category: { id: r.category, name: r.category, color: EVENT_CATEGORY_COLORS[r.category as keyof typeof EVENT_CATEGORY_COLORS] ?? '#6366F1' },
    attendeesCount: r.attendees_count,
    isPrivate: Boolean(r.is_private),
    isFeatured: Boolean(r.is_featured),
    isAttending: attending,
    createdAt: toIso(r.created_at),
  };
}
