import type { Knex } from 'knex';
import * as accounts from './20261122000100_accounts';
import * as social from './20261122000200_social';
import * as messages from './20261122000300_messages';
import * as events from './20261122000400_events';
import * as questions from './20261122000500_questions';
import * as blog from './20261122000600_blog';
import * as hobbyGroups from './20261122000700_hobby_groups';
import * as moderation from './20261122000800_moderation';
import * as postSortIndexes from './20261122010000_post_sort_indexes';
import * as workspaceSortIndexes from './20261122020000_workspace_sort_indexes';
import * as postShares from './20261122030000_post_shares';
import * as groupJoinRequests from './20261122040000_group_join_requests';
import * as dailyStatsIndexes from './20261122050000_daily_stats_indexes';
import * as hashtagCounts from './20261124000100_hashtag_counts';
import * as questionSortIndexes from './20261124000200_question_sort_indexes';
import * as userSearchKeys from './20261124000300_user_search_keys';
import * as imageSizes from './20261124000400_image_sizes';
import * as notificationsOncePerActor from './20261124100000_notifications_once_per_actor';
import * as categoryPostCounts from './20261124110000_category_post_counts';
import * as hashtagDailyCounts from './20261124120000_hashtag_daily_counts';
import * as communityCounts from './20261124130000_community_counts';
import * as searchDocs from './20261124140000_search_docs';
import * as accountLinks from './20261124200000_account_links';
import * as eventCapacity from './20261124200000_event_capacity';
import * as eventSeries from './20261124210000_event_series';
import * as eventPhotos from './20261124220000_event_photos';
import * as notificationSettings from './20261124230000_notification_settings';
import * as hashtagFold from './20261124240000_hashtag_fold';
import * as blocksAndMutes from './20261125010000_blocks_and_mutes';
import * as memberReports from './20261125020000_member_reports';
import * as notificationGroups from './20261125020100_notification_groups';
import * as privacy from './20261125030000_privacy';
import * as places from './20261125040000_places';
import * as commentSearch from './20261125050000_comment_search';
import * as searchGinNoPending from './20261126020000_search_gin_no_pending';
import * as trendingTotals from './20261126030000_trending_totals';
import * as trustLevels from './20261127010000_trust_levels';
import * as watchedWords from './20261127020000_watched_words';
import * as moderatorRole from './20261127110000_moderator_role';
import * as reviewQueue from './20261128010000_review_queue';
import * as notificationDeliveries from './20261128030000_notification_deliveries';
import * as appeals from './20261128020000_appeals';
import * as weeklyDigest from './20261128040000_weekly_digest';
import * as appealQueueEntries from './20261129010000_appeal_queue_entries';
import * as heldForApproval from './20261129020000_held_for_approval';
import * as holdQuestionsEvents from './20261130010000_hold_questions_events';
import * as groupEventCount from './20261130020000_group_event_count';
import * as postsPendingAuthorIndex from './20261130020100_posts_pending_author_index';
import * as groupEventsPendingApproval from './20261130040000_group_events_pending_approval';
import * as groupEventsHiddenIndex from './20261201010000_group_events_hidden_index';

/**
 * Migrations are listed here (not read from disk) so they work the same from the bundle,
 * tsx and vitest. Timestamp-named, immutable once landed: add a new file and a new line.
 */
const MIGRATIONS: Record<string, Knex.Migration> = {
  '20261122000100_accounts': accounts,
  '20261122000200_social': social,
  '20261122000300_messages': messages,
  '20261122000400_events': events,
  '20261122000500_questions': questions,
  '20261122000600_blog': blog,
  '20261122000700_hobby_groups': hobbyGroups,
  '20261122000800_moderation': moderation,
  '20261122010000_post_sort_indexes': postSortIndexes,
  '20261122020000_workspace_sort_indexes': workspaceSortIndexes,
  '20261122030000_post_shares': postShares,
  '20261122040000_group_join_requests': groupJoinRequests,
  '20261122050000_daily_stats_indexes': dailyStatsIndexes,
  '20261124000100_hashtag_counts': hashtagCounts,
  '20261124000200_question_sort_indexes': questionSortIndexes,
  '20261124000300_user_search_keys': userSearchKeys,
  '20261124000400_image_sizes': imageSizes,
  '20261124100000_notifications_once_per_actor': notificationsOncePerActor,
  '20261124110000_category_post_counts': categoryPostCounts,
  '20261124120000_hashtag_daily_counts': hashtagDailyCounts,
  '20261124130000_community_counts': communityCounts,
  '20261124140000_search_docs': searchDocs,
  '20261124200000_account_links': accountLinks,
  '20261124200000_event_capacity': eventCapacity,
  '20261124210000_event_series': eventSeries,
  '20261124220000_event_photos': eventPhotos,
  '20261124230000_notification_settings': notificationSettings,
  '20261124240000_hashtag_fold': hashtagFold,
  '20261125010000_blocks_and_mutes': blocksAndMutes,
  '20261125020000_member_reports': memberReports,
  '20261125020100_notification_groups': notificationGroups,
  '20261125030000_privacy': privacy,
  '20261125040000_places': places,
  '20261125050000_comment_search': commentSearch,
  '20261126020000_search_gin_no_pending': searchGinNoPending,
  '20261126030000_trending_totals': trendingTotals,
  '20261127010000_trust_levels': trustLevels,
  '20261127020000_watched_words': watchedWords,
  '20261127110000_moderator_role': moderatorRole,
  '20261128010000_review_queue': reviewQueue,
  '20261128030000_notification_deliveries': notificationDeliveries,
  '20261128020000_appeals': appeals,
  '20261128040000_weekly_digest': weeklyDigest,
  '20261129010000_appeal_queue_entries': appealQueueEntries,
  '20261129020000_held_for_approval': heldForApproval,
  '20261130010000_hold_questions_events': holdQuestionsEvents,
  '20261130020000_group_event_count': groupEventCount,
  '20261130020100_posts_pending_author_index': postsPendingAuthorIndex,
  '20261130040000_group_events_pending_approval': groupEventsPendingApproval,
  '20261201010000_group_events_hidden_index': groupEventsHiddenIndex,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = MIGRATIONS[name];
    if (!migration) throw new Error(`unknown migration: ${name}`);
    return migration;
  },
};
