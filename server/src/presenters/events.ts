import { EVENT_CATEGORY_COLORS } from '@mahalle/shared';
import { toIso } from '../db/time';
import type { AdminEvent, EventItem, NeighbourhoodRef } from '@mahalle/shared';
import { itemMarks, itemState } from './item-state';

/** An events or group_events row (`e.*`) with its creator's names (null once the account is gone) and, for a group event, its group. */
export interface AdminEventRow {
  id: number;
  title: string;
  date: unknown;
  location: string;
  /** City events only. */
  category?: string;
  attendees_count?: number;
  is_private?: boolean | number;
  /** Group events only. */
  group_name?: string;
  group_slug?: string;
  username: string | null;
  display_name: string | null;
  is_hidden: boolean | number;
  pending_approval: boolean | number;
  created_at: unknown;
}

/** A row of the admin workspace's events table: a city event or a group event. */
export function presentAdminEvent(kind: 'event' | 'group_event', r: AdminEventRow): AdminEvent {
  const city = kind === 'event';
  return {
    kind,
    id: r.id,
    title: r.title,
    date: toIso(r.date),
    location: r.location,
    category: city ? (r.category ?? null) : null,
    attendeesCount: city ? (r.attendees_count ?? null) : null,
    isPrivate: Boolean(r.is_private),
    creator: r.username ? { username: r.username, displayName: r.display_name ?? '' } : null,
    group: city ? null : { name: r.group_name ?? '', slug: r.group_slug ?? '' },
    ...itemState(r),
    createdAt: toIso(r.created_at),
  };
}

/** An events row joined with its creator (services/events). */
export interface EventRow {
  id: number;
  creator_id: number;
  title: string;
  description: string;
  date: unknown;
  location: string;
  category: string;
  image_url: string | null;
  is_private: boolean | number;
  is_featured: boolean | number;
  attendees_count: number;
  capacity: number | null;
  waitlist_count: number;
  status: 'scheduled' | 'cancelled';
  cancel_reason: string | null;
  series_id: number | null;
  neighbourhood_id?: number | null;
  district_id?: number | null;
  address?: string | null;
  lat?: number | string | null;
  lng?: number | string | null;
  is_hidden?: boolean | number;
  /** Held for approval by a watched word (services/held-items). */
  pending_approval?: boolean | number;
  created_at: unknown;
  updated_at: unknown;
  u_username: string;
  u_display_name: string;
  u_profile_image: string | null;
}

/** A city event joined with its creator, with what the viewer is to it (attending, waiting, organising). */
export function presentEvent(
  r: EventRow,
  viewer: { attending: boolean; waitlistPosition: number | null; canManage: boolean; timeZone: string },
  neighbourhood: NeighbourhoodRef | null = null,
): EventItem {
  const capacity = r.capacity === null ? null : Number(r.capacity);
  const attendeesCount = Number(r.attendees_count);
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    date: toIso(r.date),
    location: r.location,
    imageUrl: r.image_url,
    creator: { id: r.creator_id, username: r.u_username, displayName: r.u_display_name, profileImage: r.u_profile_image },
    category: { id: r.category, name: r.category, color: EVENT_CATEGORY_COLORS[r.category as keyof typeof EVENT_CATEGORY_COLORS] ?? '#6366F1' },
    attendeesCount,
    isPrivate: Boolean(r.is_private),
    isFeatured: Boolean(r.is_featured),
    isAttending: viewer.attending,
    capacity,
    waitlistCount: Number(r.waitlist_count),
    waitlistPosition: viewer.waitlistPosition,
    isFull: capacity !== null && attendeesCount >= capacity,
    status: r.status === 'cancelled' ? 'cancelled' : 'scheduled',
    cancelReason: r.cancel_reason,
    seriesId: r.series_id ?? null,
    canManage: viewer.canManage,
    timeZone: viewer.timeZone,
    neighbourhood,
    address: r.address ?? '',
    lat: r.lat === null || r.lat === undefined ? null : Number(r.lat),
    lng: r.lng === null || r.lng === undefined ? null : Number(r.lng),
    createdAt: toIso(r.created_at),
    ...itemMarks(r, true),
  };
}
