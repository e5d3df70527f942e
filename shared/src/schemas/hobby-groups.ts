import { z } from 'zod';
import '../zod-locale';
import { DEFAULT_GROUP_COLOR, DEFAULT_GROUP_ICON, GROUP_ICONS, LIMITS, ROLES } from '../limits';
import { TEXTS } from '../texts';
import { charCount } from '../rules/text';
import { authorSummarySchema, eventDateSchema, formBoolean, idSchema, isoDate } from './common';
import { areaQuerySchema, neighbourhoodIdField, neighbourhoodRefSchema } from './place-fields';
import { cursorQuerySchema } from './common';

const G = TEXTS.community;

export const createGroupSchema = z.object({
  name: z.string({ error: G.groupNameMin }).trim().min(LIMITS.groupNameMin, { error: G.groupNameMin }).max(LIMITS.groupNameMax, { error: G.groupNameMax }),
  description: z
    .string({ error: G.groupDescriptionMin })
    .trim()
    .min(LIMITS.groupDescriptionMin, { error: G.groupDescriptionMin })
    .max(LIMITS.groupDescriptionMax, { error: G.groupDescriptionMax }),
  icon: z
    .string()
    .refine((v) => (GROUP_ICONS as readonly string[]).includes(v), { message: G.groupIconInvalid })
    .optional()
    .default(DEFAULT_GROUP_ICON),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: G.colorInvalid })
    .optional()
    .default(DEFAULT_GROUP_COLOR),
  isPrivate: formBoolean.optional().default(false),
  neighbourhoodId: neighbourhoodIdField,
});

/** The groups list: by size, optionally near the viewer. */
export const listGroupsQuerySchema = cursorQuerySchema.extend(areaQuerySchema.shape);

/** What a group's founder (or an admin) may change about it; here its neighbourhood. */
export const updateGroupSchema = z.object({ neighbourhoodId: idSchema.nullable() }).strict();

export const groupPostSchema = z.object({
  content: z
    .string({ error: G.groupContentRequired })
    .trim()
    .min(1, { error: G.groupContentRequired })
    .refine((v) => charCount(v) <= 2000, { message: G.contentTooLong }),
  /** 'image' when an image file comes with the post (multipart field `image`). */
  type: z.enum(['text', 'image']).optional().default('text'),
});

export const groupCommentSchema = z.object({
  content: z
    .string({ error: G.groupCommentRequired })
    .trim()
    .min(1, { error: G.groupCommentRequired })
    .refine((v) => charCount(v) <= LIMITS.commentMax, { message: TEXTS.social.commentTooLong }),
});

export const groupEventSchema = z.object({
  title: z.string({ error: G.groupEventTitleRequired }).trim().min(1, { error: G.groupEventTitleRequired }).max(LIMITS.eventTitleMax),
  description: z.string().trim().max(LIMITS.eventDescriptionMax).optional().default(''),
  date: eventDateSchema(G.groupEventDateRequired),
  location: z.string({ error: G.groupEventLocationRequired }).trim().min(1, { error: G.groupEventLocationRequired }).max(200),
  maxAttendees: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(100_000).optional()),
  isOnline: formBoolean.optional().default(false),
  meetingLink: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\//.test(v), { message: G.meetingLinkInvalid })
    .optional(),
});

export const groupSlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(100) });

/* ---- Answers ---- */

/** A hobby group as every answer shows it, with the viewer's membership. */
export const hobbyGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  isPrivate: z.boolean(),
  /** Null once the founder's account is gone (the group outlives it). */
  creatorId: z.number().int().nullable(),
  memberCount: z.number().int(),
  postCount: z.number().int(),
  eventCount: z.number().int(),
  isMember: z.boolean(),
  /** The viewer asked to join this private group and waits for the founder. */
  isPending: z.boolean(),
  neighbourhood: neighbourhoodRefSchema.nullable(),
  createdAt: isoDate,
});
export type HobbyGroup = z.infer<typeof hobbyGroupSchema>;
/**
 * One group as its page reads it: with `canModerate`, whether the viewer moderates its content
 * (its founder, a group moderator, a site moderator: the group policy's `canHidePost`), so the page
 * offers hide and restore only where the server would allow them.
 */
export const hobbyGroupPageSchema = hobbyGroupSchema.extend({ canModerate: z.boolean() });
export type HobbyGroupPage = z.infer<typeof hobbyGroupPageSchema>;

/** A post in a group, with its author and whether the viewer liked it. */
export const hobbyGroupPostSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  content: z.string(),
  type: z.string(),
  imageUrl: z.string().nullable(),
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
  imageThumbUrl: z.string().nullable(),
  authorId: z.number().int(),
  author: authorSummarySchema,
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  isLiked: z.boolean(),
  createdAt: isoDate,
  /** The viewer blocked this item's author: the UI collapses it ('Engellediğin bir üye') with a show link. */
  blockedAuthor: z.boolean().optional(),
  /** Only its author (and moderators) see it while a watched word holds it for approval: shown marked 'Onay bekliyor'. */
  pendingApproval: z.boolean().optional(),
  /** Hidden (by a moderator, the group's moderators or the community): only the group's moderators and the site's see it, marked. */
  isHidden: z.boolean().optional(),
});
export type GroupPost = z.infer<typeof hobbyGroupPostSchema>;

export const hobbyGroupCommentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  createdAt: isoDate,
  author: authorSummarySchema,
  /** The viewer blocked this item's author: the UI collapses it ('Engellediğin bir üye') with a show link. */
  blockedAuthor: z.boolean().optional(),
  /** Only its author (and moderators) see it while a watched word holds it for approval: shown marked 'Onay bekliyor'. */
  pendingApproval: z.boolean().optional(),
});
export type GroupComment = z.infer<typeof hobbyGroupCommentSchema>;

export const hobbyGroupEventSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: isoDate,
  location: z.string(),
  maxAttendees: z.number().int().nullable(),
  isOnline: z.boolean(),
  meetingLink: z.string().nullable(),
  creatorId: z.number().int().nullable(),
  createdAt: isoDate,
  /** Only its creator (and the group's and the site's moderators) see it while a watched word holds it for approval: shown marked 'Onay bekliyor'. */
  pendingApproval: z.boolean().optional(),
  /** Hidden by the group's moderators: only they and the site's moderators see it, marked. */
  isHidden: z.boolean().optional(),
});
export type GroupEvent = z.infer<typeof hobbyGroupEventSchema>;

/** A member: the person, their role in the group (`admin`: the founder; `moderator`: appointed by the founder) and on the site. */
export const groupMemberSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  profileImageThumb: z.string().nullable(),
  role: z.enum(['member', 'moderator', 'admin']),
  siteRole: z.enum(ROLES),
  membershipId: z.number().int(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** A request waiting at a private group. */
export const joinRequestSchema = z.object({ id: z.number().int(), user: authorSummarySchema, createdAt: isoDate });
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** Joining: a member at once, or (a private group) a request waiting. */
export const joinResultSchema = z.object({ isMember: z.boolean(), isPending: z.boolean(), memberCount: z.number().int() });
export const leaveResultSchema = z.object({ isMember: z.literal(false), memberCount: z.number().int() });
export const joinDecisionSchema = z.object({ accepted: z.boolean(), memberCount: z.number().int() });
export const groupPostLikeSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export const groupPostIsLikedSchema = z.object({ isLiked: z.boolean() });

/** A join request is named by the group and the person who asked. */
export const joinRequestParamsSchema = groupSlugParamsSchema.extend({ userId: idSchema });
export const groupMemberParamsSchema = joinRequestParamsSchema;

/** The founder appoints a member as a group moderator, or makes them a plain member again. */
export const setGroupMemberRoleSchema = z.object({
  role: z.enum(['member', 'moderator'], { error: TEXTS.community.groupRoleInvalid }),
});
export const groupMemberRoleSchema = z.object({ userId: z.number().int(), role: z.enum(['member', 'moderator']) });
/** Removing a member: an optional reason, for the audit log. */
export const removeGroupMemberSchema = z.object({
  reason: z.string().trim().max(LIMITS.warningReasonMax, { error: TEXTS.memberReports.warningReasonTooLong }).optional().default(''),
});
export const groupMemberRemovedSchema = z.object({ isMember: z.literal(false), memberCount: z.number().int() });
