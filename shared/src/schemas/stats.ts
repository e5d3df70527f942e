import { z } from 'zod';
import '../zod-locale';

/** The home page's community counters (nothing private is counted: visitors see them). */
export const communityStatsSchema = z.object({
  members: z.number().int(),
  questions: z.number().int(),
  blogPosts: z.number().int(),
  eventsThisWeek: z.number().int(),
  categories: z.number().int(),
});
export type CommunityStats = z.infer<typeof communityStatsSchema>;

/** Discover's counters over the last 24 hours; `engagement` is a percentage 0..100. */
export const dailyStatsSchema = z.object({
  newContent: z.number().int(),
  activeUsers: z.number().int(),
  engagement: z.number().int().min(0).max(100),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });
/** Readiness: every part answered (a 503 `unavailable` lists the failed parts in `details` instead). */
export const readySchema = z.object({ status: z.literal('ok'), database: z.literal('ok'), realtime: z.literal('ok') });
