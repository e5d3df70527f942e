import { toIso } from '../db/time';
import { authorFromJoin } from './users';
import type { AdminGroup } from '@mahalle/shared';

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
  created_at: unknown;
}

export function presentGroup(g: GroupRow, isMember: boolean, isPending = false) {
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
    createdAt: toIso(g.created_at),
  };
}

/** A group post joined with its author; `liked`: whether the viewer liked it. */
export function presentGroupPost(r: any, liked: boolean) {
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
  };
}

export function presentGroupComment(r: any) {
  return {
    id: r.id,
    postId: r.post_id,
    content: r.content,
    createdAt: toIso(r.created_at),
    author: authorFromJoin(r),
  };
}

export function presentGroupEvent(r: any) {
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
  };
}

/** A member of a group: the person, their role in the group and on the site. */
export function presentGroupMember(r: any) {
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
export function presentJoinRequest(r: any) {
  return { id: r.id, user: authorFromJoin(r), createdAt: toIso(r.created_at) };
}

/** A row of the admin workspace's groups table (joined with its creator). */
export function presentAdminGroup(r: any): AdminGroup {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    isPrivate: Boolean(r.is_private),
    memberCount: r.member_count,
    postCount: r.post_count,
    eventCount: r.event_count,
    creator: r.creator_username ? { username: r.creator_username, displayName: r.creator_name } : null,
    createdAt: toIso(r.created_at),
  };
}
