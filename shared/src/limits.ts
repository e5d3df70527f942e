/** Every business limit lives here once; server schemas and UI form rules both read it. */
export const LIMITS = {
  /** The watched-word list: a word's length, how many entries, a CSV import's size. */
  watchedWordMax: 100,
  watchedWordsMax: 5000,
  watchedWordsCsvMax: 500_000,
  /** KVKK: a legal text's title and body, the grace period before a deletion, how long an export stays. */
  legalTitleMax: 120,
  legalBodyMax: 50_000,
  accountDeletionGraceDays: 14,
  dataExportHours: 24,
  postContentMax: 280,
  /** A muted hashtag or word, and how many a member may mute. */
  mutedTermMax: 50,
  mutedTermsMax: 100,
  commentMax: 300,
  commentWarnAbove: 250,
  messageMax: 500,
  videoMaxSeconds: 17,
  imageMaxBytes: 5 * 1024 * 1024,
  /** Decoded size an uploaded image may have, all frames of an animation counted (a decompression bomb is refused before it is decoded). */
  imageMaxPixels: 40_000_000,
  /** Stored images are scaled down (never up) to fit this many pixels on their longest side. */
  imageMaxSide: 2048,
  /** Longest side of the WebP thumbnail kept for lists and avatars. */
  imageThumbSide: 400,
  videoMaxBytes: 50 * 1024 * 1024,
  galleryMax: 10,
  passwordInputMin: 6,
  passwordStrongMinLength: 8,
  passwordMaxLength: 200,
  usernameMin: 3,
  usernameMax: 30,
  displayNameMax: 60,
  emailMax: 254,
  bioMax: 500,
  locationMax: 100,
  websiteMax: 200,
  hobbiesMax: 20,
  hobbyMax: 40,
  groupNameMin: 2,
  groupNameMax: 80,
  groupDescriptionMin: 10,
  groupDescriptionMax: 1000,
  questionTitleMax: 200,
  questionContentMax: 10000,
  answerMax: 5000,
  blogTitleMax: 200,
  blogContentMax: 200_000,
  blogExcerptMax: 500,
  blogExcerptCut: 120,
  metaDescriptionMax: 160,
  tagMax: 40,
  tagsMax: 20,
  eventTitleMax: 120,
  eventDescriptionMax: 2000,
  /** Event dates lie in these years (UTC), so every stored date is a four-digit ISO string. */
  eventYearMin: 2000,
  eventYearMax: 2100,
  eventCapacityMax: 10000,
  /** A place's (district's or neighbourhood's) name. */
  placeNameMax: 80,
  /** Neighbourhoods a city may have: the whole list is one answer (Istanbul has about 960). */
  neighbourhoodsMax: 3000,
  /** A neighbourhood CSV's size (bytes). */
  placesCsvMaxBytes: 500_000,
  /** An event's street address. */
  eventAddressMax: 300,
  /** Items in each of Discover's Yakınımda lists, and the candidates read to order them by distance. */
  nearbyItems: 6,
  nearbyCandidates: 60,
  /** Items in each section of the weekly digest e-mail. */
  digestItems: 5,
  /** Groups and question categories one member's digest looks at (the most recent ones). */
  digestGroupsMax: 30,
  digestCategoriesMax: 10,
  eventCancelReasonMax: 500,
  /** Occurrences one create makes of a recurring event (weekly: a season; monthly: a year). */
  eventRepeatMax: 12,
  /** What an organiser may send to attendees at once (a notification, so short). */
  eventMessageMax: 300,
  /** Events a member's calendar feed carries (their upcoming ones and the last weeks'). */
  calendarFeedMax: 500,
  reportReasonMax: 500,
  /** The optional note a member adds to a report of a person. */
  reportNoteMax: 500,
  /** What an admin writes to a member with a warning (the notification carries it). */
  warningReasonMax: 500,
  /** How many of each kind of a reported member's latest content the report queue shows. */
  reportRecentContent: 3,
  /** The review queue's context per entry: the author's latest items, earlier actions against them, reports shown. */
  queueRecentItems: 5,
  queuePastActions: 5,
  queueReportsShown: 10,
  /** Entries one bulk decision takes (one transaction). */
  queueBulkMax: 100,
  /** How long a moderator's claim on a queue entry holds unless released or decided. */
  queueClaimMinutes: 10,
  /** How long a queue decision can be undone. */
  queueUndoSeconds: 10,
  /** What an admin may write to an author about removing or hiding their content. */
  moderationReasonMax: 500,
  /** A member's note with an appeal against a hidden item or a suspension. */
  appealNoteMax: 1000,
  /** What a moderator writes back when deciding an appeal. */
  appealDecisionNoteMax: 500,
  loginTimeoutMs: 15000,
  registerRedirectMs: 100,
  notificationDropdown: 5,
  badgeMax: 99,
  qaPageSize: 10,
  pageDefault: 20,
  pageMax: 100,
  homeBlogPosts: 4,
  homeQuestions: 5,
  homePosts: 3,
  /** A feed's page ('Daha fazla' loads the next): the full home feed, a category, one's own profile. */
  feedPage: 10,
  /** Conversations the messages page reads at once. */
  conversationsPage: 100,
  homeMembers: 4,
  homeEvents: 3,
  groupSidebarMembers: 10,
  groupSidebarEvents: 5,
  /** Upcoming events a group page reads: the card lists the first groupSidebarEvents, the rest behind a button. */
  groupEventsFetched: 50,
  sidebarGroups: 5,
  relatedPosts: 3,
  trendingHashtags: 20,
  /** A search query: at least this many letters or digits, at most searchQueryMax characters. */
  searchQueryMin: 2,
  searchQueryMax: 100,
  /** A search's per-type counts (GET /api/search/counts) stop here (the UI shows '1000+'), so counting never walks the whole index. */
  searchCountCap: 1000,
  /** Suggestions as one types in the header's search box. */
  searchSuggestMax: 8,
  /** Length of a search hit's snippet around its first match. */
  searchSnippetChars: 160,
  sessionDaysRemember: 30,
  /** Password-reset and e-mail verification links are valid this long, once. */
  accountLinkMinutes: 60,
  sessionHoursDefault: 24,
} as const;

export const DEFAULT_CATEGORY_NAME = 'Genel';
export const DEFAULT_BLOG_CATEGORY_COLOR = '#3B82F6';

/** The categories a city event is filed under. */
export const EVENT_CATEGORIES = ['Genel', 'Kitap', 'Teknoloji', 'Outdoor', 'Sanat', 'Spor', 'Müzik', 'Yemek'] as const;

/** Q&A categories. 'Tümü' is a filter only, never stored. */
export const QUESTION_CATEGORIES = [
  'Genel',
  'Teknoloji',
  'Sağlık',
  'Eğitim',
  'İş & Kariyer',
  'Seyahat',
  'Yemek',
  'Spor',
  'Sanat',
  'Müzik',
  'Kitaplar',
] as const;
export const QUESTION_FILTER_ALL = 'Tümü';

/** The legal texts a member accepts: the terms of use and the privacy notice (KVKK aydınlatma metni). */
export const LEGAL_KINDS = ['terms', 'privacy'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

export const NOTIFICATION_TYPES = [
  'mention',
  'like',
  'comment',
  'follow',
  'follow_request',
  'follow_accepted',
  'event',
  'other',
  // An admin removed or hid the recipient's content; the message says what and why.
  'moderation',
  // An admin warned the recipient; the message carries the reason.
  'warning',
  // Events: the message says which event and what happened.
  'event_waitlisted',
  'event_promoted',
  'event_time_changed',
  'event_cancelled',
  'event_message',
  'event_reminder',
  // Someone answered the recipient's question.
  'answer',
  // A hobby group's join request and its answer.
  'group_activity',
  // The member's own data export is ready to download (KVKK).
  'data_export',
  // Notification e-mails to the member's address stopped after failing too often in a row.
  'mail_paused',
  // A moderator decided the recipient's appeal (upheld or rejected); the message says which and why.
  'appeal',
] as const;

/** Why a member reports a person: codes here, Turkish labels in TEXTS.reports.reasons. */
export const REPORT_REASONS = ['spam', 'harassment', 'fake_account', 'hate_speech', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The suspension lengths the admin picks from (days); a date of their own choice is allowed too. */
export const SUSPENSION_DAYS = [1, 7, 30] as const;
/** The longest suspension a site moderator may give (an admin's has no bound). */
export const MODERATOR_MAX_SUSPENSION_DAYS = 7;

/** Where event times are shown unless the server is configured otherwise (TIME_ZONE). */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const POST_TYPES = ['text', 'image', 'video'] as const;
export type PostType = (typeof POST_TYPES)[number];

/** Site roles: a moderator reviews reports, hides and restores content, warns and suspends (≤ 7 days). */
export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Static category keys of the category pages with the group icon/colour table. */
export const STATIC_CATEGORIES = [
  { key: 'kitaplar', name: 'Kitaplar', icon: 'BookOpen', color: '#8B5CF6' },
  { key: 'oyunlar', name: 'Oyunlar', icon: 'Gamepad2', color: '#EF4444' },
  { key: 'müzik', name: 'Müzik', icon: 'Music', color: '#F59E0B' },
  { key: 'yemek', name: 'Yemek', icon: 'Utensils', color: '#10B981' },
  { key: 'seyahat', name: 'Seyahat', icon: 'Plane', color: '#3B82F6' },
  { key: 'araba', name: 'Araba', icon: 'Car', color: '#6B7280' },
  { key: 'fotoğraf', name: 'Fotoğraf', icon: 'Camera', color: '#EC4899' },
  { key: 'ilişkiler', name: 'İlişkiler', icon: 'Heart', color: '#F43F5E' },
  { key: 'spor', name: 'Spor', icon: 'Dumbbell', color: '#059669' },
  { key: 'teknoloji', name: 'Teknoloji', icon: 'Code', color: '#7C3AED' },
  { key: 'sanat', name: 'Sanat', icon: 'Palette', color: '#DC2626' },
  { key: 'eğitim', name: 'Eğitim', icon: 'GraduationCap', color: '#2563EB' },
] as const;

export const GROUP_ICONS = STATIC_CATEGORIES.map((c) => c.icon);
export const DEFAULT_GROUP_ICON = 'BookOpen';
export const DEFAULT_GROUP_COLOR = '#8B5CF6';

/** Trust levels, Discourse's TL0–TL2: 0 a new member, 1 a member, 2 a trusted member. */
export const TRUST_LEVELS = [0, 1, 2] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/**
 * The defaults of the organiser's trust settings (the admin panel changes them, the server keeps
 * them in `site_settings`). Why these numbers:
 * - Level 0's limits are the issue's: 2 links, 5 mentions an item, no image or video for 24 hours,
 *   10 posts and comments a day. A spam account's first hours are when it does its harm; a real
 *   neighbour rarely needs more than that on day one.
 * - Level 1 after 2 days, 3 posts or comments and no upheld report: we have no read tracking
 *   (Discourse's TL1 is "read 30 posts, 10 minutes"), so age and taking part are what we measure.
 *   Two days outlasts a spam wave an organiser can clean up; three items shows a person who posts.
 * - Level 2 after 30 days and 30 items, still with no upheld report: a month of steady taking part.
 * - Reports hide an item once their weights reach 3: three members (weight 1), or six brand-new
 *   accounts (0.5 each, so a wave of fresh accounts cannot cheaply silence someone), or two
 *   trusted members (1.5).
 * - A reporter whose reports were dismissed counts less: the weight halves for every 3 dismissed
 *   reports in the last 30 days (3 → ×0.5, 6 → ×0.25 ...), and comes back as they age out.
 */
export const TRUST_DEFAULTS = {
  newMemberMaxLinks: 2,
  newMemberMaxMentions: 5,
  newMemberImageHours: 24,
  newMemberDailyPosts: 10,
  level1Days: 2,
  level1Posts: 3,
  level2Days: 30,
  level2Posts: 30,
  hideThreshold: 3,
  reportWeights: [0.5, 1, 1.5] as [number, number, number],
  dismissedReportsStep: 3,
  dismissedReportsWindowDays: 30,
  dismissedReportsFactor: 0.5,
};
export type TrustSettings = typeof TRUST_DEFAULTS;
