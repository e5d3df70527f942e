import type { AuthorSummary } from '@mahalle/shared';

// Types the contract in shared/ already describes; the rest of this file moves there resource by resource.
export type { Category, CommunityStats, DailyStats } from '@mahalle/shared';
export type { Conversation, Message, Notification, Person, Profile } from '@mahalle/shared';
export type { EventItem, GroupEvent, GroupMember, GroupPost, HobbyGroup } from '@mahalle/shared';

export interface Post {
  id: number;
  content: string;
  type: 'text' | 'image' | 'video';
  categoryId: number | null;
  category: { id: number; name: string; color: string } | null;
  author: AuthorSummary & { photoURL: string | null };
  createdAt: string;
  imageUrl: string | null;
  /** Stored size of the image and its WebP thumbnail (lists); null for images stored before they were kept. */
  imageWidth: number | null;
  imageHeight: number | null;
  imageThumbUrl: string | null;
  videoUrl: string | null;
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
  isLiked: boolean;
  isBookmarked: boolean;
  hashtags: string[];
}
export interface Comment {
  id: number;
  content: string;
  createdAt: string;
  author: AuthorSummary;
}
// Q&A and blog come from the contract (shared/src/schemas/questions.ts, blog.ts; api/questions.ts, blog.ts);
// the names stay here while other screens import them. A list's blog post has no body: the summary.
export type { Answer, BlogComment, Question } from '@mahalle/shared';
export type { BlogPostSummary as BlogPost } from '@mahalle/shared';
export interface Hashtag {
  tag: string;
  posts: number;
  growth: number;
  hot: boolean;
}
