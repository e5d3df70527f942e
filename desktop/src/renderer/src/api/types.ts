/**
 * The answer types screens import by their old names. Every one is inferred from the contract's
 * response schemas in shared/ (shared/src/schemas/<resource>.ts); new code imports them from
 * '@mahalle/shared' directly.
 */
export type { Category, CommunityStats, DailyStats } from '@mahalle/shared';
export type { Conversation, Message, Notification, Person, Profile } from '@mahalle/shared';
export type { EventItem, GroupEvent, GroupMember, GroupPost, HobbyGroup } from '@mahalle/shared';
export type { Post, PostComment as Comment, TrendingHashtag as Hashtag } from '@mahalle/shared';
export type { Answer, BlogComment, Question } from '@mahalle/shared';
// A list's blog post has no body: the summary.
export type { BlogPostSummary as BlogPost } from '@mahalle/shared';
