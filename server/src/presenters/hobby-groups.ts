import { toIso } from '../db/time';
import { authorFromJoin, type AuthorJoin, type UserRow } from './users';
import type { AdminGroup, NeighbourhoodRef } from '@mahalle/shared';
import { itemMarks } from './item-state';

/** A hobby_groups row as it comes from the database. */
export interface GroupRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  icon: string;
  color: string;
  is_private: boolean | number;
  creator_id: number | null;
  member_count: number;
  post_count: number;
  event_count: number;
  neighbourhood_id?: number | null;
  created_at: unknown;
}

export function presentGroup(g: GroupRow, isMember: boolean, isPending = false, neighbourhood: NeighbourhoodRef | null = null) {
  return {
    id: g.id,
    name: g.name,
    slug: g.slug,
    description: g.description,
    icon: g.icon,
    color: g.color,
    isPrivate: Boolean(g.is_private),
    creatorId: g.creator_id,
    memberCount: g.member_count,
    postCount: g.post_count,
    eventCount: g.event_count,
    isMember,
    /** The viewer asked to join this private group and waits for the founder. */
    isPending,
    neighbourhood,
    createdAt: toIso(g.created_at),
  };
}

/** A group_posts row joined with its author (AUTHOR_COLUMNS). */
export interface GroupPostRow extends AuthorJoin {
  id: number;
  group_id: number;
  author_id: number;
  content: string;
  type: string;
  image_url: string | null;
  image_width?: number | null;
  image_height?: number | null;
  image_thumb_url?: string | null;
  likes_count: number;
  comments_count: number;
  is_hidden: boolean | number;
  created_at: unknown;
  updated_at: unknown;
  /** Held for approval by a watched word (services/held-items). */
  pending_approval?: boolean | number;
}

/** A group post joined with its author; `liked`: whether the viewer liked it. */
export function presentGroupPost(r: GroupPostRow, liked: boolean) {
  return {
    id: r.id,
    groupId: r.group_id,
    content: r.content,
    type: r.type,
    imageUrl: r.image_url,
    imageWidth: r.image_width ?? null,
    imageHeight: r.image_height ?? null,
    imageThumbUrl: r.image_thumb_url ?? null,
    authorId: r.author_id,
    author: authorFromJoin(r),
    likesCount: r.likes_count,
    commentsCount: r.comments_count,
    isLiked: liked,
    createdAt: toIso(r.created_at),
    ...itemMarks(r, true),
  };
}

/** A group_post_comments row joined with its author (AUTHOR_COLUMNS). */
export interface GroupCommentRow extends AuthorJoin {
  id: number;
  post_id: number;
  author_id: number;
  content: string;
  created_at: unknown;
  /** Held for approval by a watched word (services/held-items). */
  pending_approval?: boolean | number;
}

export function presentGroupComment(r: GroupCommentRow) {
  return {
    id: r.id,
    postId: r.post_id,
    content: r.content,
    createdAt: toIso(r.created_at),
    author: authorFromJoin(r),
    ...itemMarks(r),
  };
}

/** A group_events row. */
export interface GroupEventRow {
  id: number;
  group_id: number;
  creator_id: number | null;
  title: string;
  description: string | null;
  date: unknown;
  location: string;
  max_attendees: number | null;
  is_online: boolean | number;
  meeting_link: string | null;
  created_at: unknown;
  is_hidden?: boolean | number;
  pending_approval?: boolean | number;
}

export function presentGroupEvent(r: GroupEventRow) {
  return {
    id: r.id,
    groupId: r.group_id,
    title: r.title,
    description: r.description ?? '',
    date: toIso(r.date),
    location: r.location,
    maxAttendees: r.max_attendees,
    isOnline: Boolean(r.is_online),
    meetingLink: r.meeting_link,
    creatorId: r.creator_id,
    createdAt: toIso(r.created_at),
    ...itemMarks(r, true),
  };
}

/** A member of a group: the users columns with the membership's id and role in the group (services/hobby-groups listMembers). */
export type GroupMemberRow = Pick<UserRow, 'id' | 'username' | 'display_name' | 'profile_image' | 'profile_image_thumb' | 'role'> & {
  membership_id: number;
  group_role: 'member' | 'moderator' | 'admin';
};

/** A member of a group: the person, their role in the group and on the site. */
export function presentGroupMember(r: GroupMemberRow) {
  return {
    id: r.id,
    displayName: r.display_name,
    username: r.username,
    profileImage: r.profile_image,
    profileImageThumb: r.profile_image_thumb ?? null,
    role: r.group_role,
    siteRole: r.role,
    membershipId: r.membership_id,
  };
}

/** A request waiting at a private group. */
export interface JoinRequestRow extends AuthorJoin {
  id: number;
  created_at: unknown;
}

export function presentJoinRequest(r: JoinRequestRow) {
  return { id: r.id, user: authorFromJoin(r), createdAt: toIso(r.created_at) };
}

/** A hobby_groups row with its creator's names (null once the account is gone). */
export interface AdminGroupRow extends GroupRow {
  creator_username: string | null;
  creator_name: string | null;
}

/** A row of the admin workspace's groups table (joined with its creator). */
export function presentAdminGroup(r: AdminGroupRow): AdminGroup {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    isPrivate: Boolean(r.is_private),
    memberCount: r.member_count,
    postCount: r.post_count,
    eventCount: r.event_count,
    creator: r.creator_username ? { username: r.creator_username, displayName: r.creator_name ?? '' } : null,
    createdAt: toIso(r.created_at),
  };
}
