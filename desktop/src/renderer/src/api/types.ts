import type { AuthorSummary } from '@mahalle/shared';

// Types the contract in shared/ already describes; the rest of this file moves there resource by resource.
export type { Category, CommunityStats, DailyStats } from '@mahalle/shared';
export type { Post, PostComment as Comment, TrendingHashtag as Hashtag } from '@mahalle/shared';

export interface Notification {
  id: number;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  relatedPostId: number | null;
  relatedUserId: number | null;
  relatedUser: { username: string; displayName: string; profileImage: string | null; profileImageThumb?: string | null } | null;
  link: string | null;
  /** The post it is about was removed by an admin. */
  contentRemoved?: boolean;
  createdAt: string;
}
export interface Message {
  id: number;
  senderId: number;
  receiverId: number;
  sender: AuthorSummary;
  receiver: AuthorSummary;
  content: string;
  isRead: boolean;
  createdAt: string;
}
export interface Conversation {
  id: number;
  otherUser: AuthorSummary;
  lastMessage: Message | null;
  unreadCount: number;
}
export interface Profile {
  id: number;
  username: string;
  displayName: string;
  email?: string;
  bio: string;
  location: string;
  website: string;
  hobbies: string[];
  profileImage: string | null;
  profileImageThumb: string | null;
  role: 'user' | 'admin';
  isVerified: boolean;
  isPrivate: boolean;
  createdAt: string;
}
export interface Person {
  id: number;
  username: string;
  displayName: string;
  profileImage: string | null;
  profileImageThumb: string | null;
  role: 'user' | 'admin';
  bio: string;
  isVerified: boolean;
}
export interface EventItem {
  id: number;
  title: string;
  description: string;
  date: string;
  location: string;
  imageUrl: string | null;
  creator: { id: number; username: string; displayName: string; profileImage: string | null };
  category: { id: string; name: string; color: string };
  attendeesCount: number;
  isPrivate: boolean;
  isFeatured: boolean;
  isAttending: boolean;
}
export interface Question {
  id: number;
  title: string;
  content: string;
  authorId: number | null;
  author: AuthorSummary;
  category: { name: string };
  tags: string[];
  views: number;
  upvotes: number;
  answersCount: number;
  isAnswered: boolean;
  userHasUpvoted: boolean;
  createdAt: string;
}
export interface Answer {
  id: number;
  content: string;
  upvotes: number;
  isAccepted: boolean;
  userHasUpvoted: boolean;
  author: AuthorSummary;
  createdAt: string;
}
export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  content?: string;
  excerpt: string;
  featuredImage: string | null;
  gallery: { url: string; caption: string }[];
  categoryId: number | null;
  category: { id: number; name: string; slug: string; color: string } | null;
  tags: string[];
  published: boolean;
  status: 'published' | 'draft';
  views: number;
  likesCount: number;
  commentsCount: number;
  authorId: number | null;
  authorName: string;
  authorUsername: string;
  author: AuthorSummary & { bio: string };
  isLiked?: boolean;
  metaTitle: string | null;
  metaDescription: string | null;
  metaKeywords: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  createdAt: string;
}
export interface BlogComment {
  id: number;
  content: string;
  authorName: string;
  authorUsername: string;
  author: AuthorSummary;
  createdAt: string;
}
export interface HobbyGroup {
  id: number;
  name: string;
  slug: string;
  description: string;
  icon: string;
  color: string;
  isPrivate: boolean;
  creatorId: number | null;
  memberCount: number;
  postCount: number;
  eventCount: number;
  isMember: boolean;
  isPending?: boolean;
}
export interface GroupPost {
  id: number;
  content: string;
  imageUrl: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageThumbUrl: string | null;
  authorId: number;
  author: AuthorSummary;
  likesCount: number;
  commentsCount: number;
  isLiked: boolean;
  createdAt: string;
}
export interface GroupEvent {
  id: number;
  title: string;
  description: string;
  date: string;
  location: string;
  maxAttendees: number | null;
  isOnline: boolean;
  meetingLink: string | null;
}
export interface GroupMember {
  id: number;
  displayName: string;
  username: string;
  profileImage: string | null;
  profileImageThumb?: string | null;
  role: string;
  siteRole: string;
}
