/**
 * Every `code` the API sends, with the HTTP status it comes with and what it means. Clients branch
 * on these, people read the Turkish `error` text. The server's error factories accept only these
 * codes, and only those whose status matches the factory (see server/src/errors.ts).
 *
 * Naming: lower snake_case. A code about one thing names the thing, then what is wrong with it
 * (`group_not_found`, `email_taken`, `image_unreadable`, `report_closed`); a refused action on
 * oneself reads `cannot_<verb>_self`; the general ones are the HTTP reason (`forbidden`, `conflict`).
 * A code never changes once clients get it: add a new one instead.
 */
export const ERRORS = {
  // Request shape
  validation_failed: { status: 400, meaning: 'The body, query or path did not pass its schema; `details` lists the fields.' },
  invalid_json: { status: 400, meaning: 'The body says it is JSON but does not parse.' },
  invalid_text: { status: 400, meaning: 'Text holds a character the database refuses (NUL or unencodable).' },
  invalid_cursor: { status: 400, meaning: 'A paging cursor that this server did not issue.' },
  search_query_invalid: {
    status: 400,
    meaning: 'A search query that is empty, shorter than LIMITS.searchQueryMin letters or digits, or longer than LIMITS.searchQueryMax.',
  },
  invalid_multipart: { status: 400, meaning: 'A multipart body that cannot be read.' },
  unexpected_file: { status: 400, meaning: 'A file in a field that takes none, or more files than the field takes.' },
  one_file_only: { status: 400, meaning: 'A post with both an image and a video; it takes one.' },
  payload_too_large: { status: 413, meaning: 'The body or a file is larger than the limit.' },
  unsupported_media_type: { status: 415, meaning: 'A body that is neither JSON nor multipart, or a file type not accepted.' },
  route_not_found: { status: 404, meaning: 'No API route at this method and path.' },

  queue_no_author: { status: 400, meaning: 'A warning or suspension from the review queue, on an entry whose author is gone.' },
  queue_appeal_action: {
    status: 400,
    meaning: 'A warning or suspension from the review queue on an appeal, which is only upheld (approve) or rejected (hide).',
  },

  // Media
  image_required: { status: 400, meaning: 'The call needs an image and none came.' },
  image_unreadable: { status: 400, meaning: 'The image cannot be decoded.' },
  image_too_many_pixels: { status: 400, meaning: 'The image has more pixels than the limit.' },
  video_unreadable: { status: 400, meaning: 'The video container cannot be read.' },
  video_too_long: { status: 400, meaning: 'The video is longer than the limit.' },

  // Accounts and sessions
  unauthorized: { status: 401, meaning: 'Signing in is required, or the session has ended.' },
  invalid_credentials: { status: 401, meaning: 'Wrong user name or password.' },
  username_taken: { status: 409, meaning: 'Another account has this user name.' },
  email_taken: { status: 409, meaning: 'Another account has this e-mail address.' },
  passwords_differ: { status: 400, meaning: 'The password and its confirmation differ.' },
  weak_password: { status: 400, meaning: 'The password does not meet the strength rule.' },
  common_password: { status: 400, meaning: 'The password is on the list of common passwords.' },
  link_invalid: { status: 400, meaning: 'A password-reset or e-mail link that this server never issued (or a newer link replaced).' },
  link_used: { status: 410, meaning: 'A single-use link that has already been used.' },
  link_expired: { status: 410, meaning: 'A password-reset or e-mail link past its hour.' },
  email_not_verified: { status: 403, meaning: 'Right password, but the account has not confirmed its e-mail address yet (REQUIRE_EMAIL_VERIFICATION).' },
  consent_required: { status: 400, meaning: 'Registration without accepting both the terms of use and the privacy notice.' },
  wrong_password: { status: 400, meaning: "The password typed to confirm an account action (deleting the account) is not the account's." },
  mail_unavailable: { status: 503, meaning: 'This server sends no e-mail (no SMTP_URL): an admin creates password links instead.' },

  // Permission
  forbidden: { status: 403, meaning: 'Signed in, but not allowed to do this.' },
  cross_origin: { status: 403, meaning: 'A write from another site (Origin, Referer or Sec-Fetch-Site).' },
  private_account: { status: 403, meaning: 'The account is private and the caller does not follow it.' },
  group_members_only: { status: 403, meaning: 'Only members of the hobby group may do this.' },
  group_founder_only: { status: 403, meaning: 'Only the founder of the hobby group may do this.' },
  event_attendees_only: { status: 403, meaning: 'Only those who attended the event may add photos to it.' },
  event_photo_forbidden: { status: 403, meaning: "A photo of an event is removed by whoever added it, the event's organiser or an admin." },
  event_organiser_only: { status: 403, meaning: 'Only the organiser of the event (or an admin) may do this.' },
  question_author_only: { status: 403, meaning: 'Only the author of the question may accept an answer.' },
  cannot_delete_admin: { status: 403, meaning: 'An admin account cannot be deleted.' },
  account_suspended: {
    status: 403,
    meaning:
      'Right password, but an admin suspended the account until a date (the message names it, in the community time zone); its sessions ended when it was suspended (401 unauthorized).',
  },
  cannot_suspend_admin: { status: 403, meaning: 'An admin account cannot be suspended.' },

  // Refused actions
  cannot_follow_self: { status: 400, meaning: 'A member cannot follow themselves.' },
  cannot_block_self: { status: 400, meaning: 'A member cannot block themselves.' },
  cannot_mute_self: { status: 400, meaning: 'A member cannot mute themselves.' },
  too_many_muted_terms: { status: 400, meaning: 'A member mutes at most LIMITS.mutedTermsMax hashtags and words.' },
  blocked_interaction: {
    status: 403,
    meaning:
      "A block stands between the two members (either way): no follow, message, like, comment, answer, vote or event attendance on the other's things, on every resource. The same for both sides, so it does not tell who blocked.",
  },
  cannot_message_self: { status: 400, meaning: 'A member cannot message themselves.' },
  cannot_report_self: { status: 400, meaning: 'A member cannot report their own content or account.' },
  cannot_delete_self: { status: 400, meaning: 'An admin cannot delete their own account.' },
  cannot_demote_self: { status: 400, meaning: 'An admin cannot take away their own admin role.' },
  cannot_moderate_self: { status: 400, meaning: 'An admin cannot warn or suspend their own account.' },
  not_suspended: { status: 409, meaning: 'Lifting a suspension of a member who is not suspended.' },
  cannot_hide_user: { status: 400, meaning: 'A report on an account cannot be resolved by hiding.' },
  creator_cannot_leave: { status: 400, meaning: 'The founder of a hobby group cannot leave it.' },
  post_empty: { status: 400, meaning: 'A post with neither text nor media.' },

  // Missing things
  not_found: { status: 404, meaning: 'The thing asked for does not exist (general).' },
  user_not_found: { status: 404, meaning: 'No such member.' },
  push_subscription_not_found: { status: 404, meaning: "No such device among the member's push subscriptions." },
  question_not_found: { status: 404, meaning: 'No such question.' },
  answer_not_found: { status: 404, meaning: 'No such answer.' },
  comment_not_found: { status: 404, meaning: 'No such comment.' },
  content_not_found: { status: 404, meaning: 'The post or group post an admin acts on does not exist.' },
  blog_post_not_found: { status: 404, meaning: 'No such blog post (or not published).' },
  blog_category_not_found: { status: 404, alsoStatus: 400, meaning: 'No such blog category (400 when a blog post body names it).' },
  category_not_found: { status: 400, meaning: 'The category named in the body does not exist.' },
  group_not_found: { status: 404, meaning: 'No such hobby group.' },
  group_post_not_found: { status: 404, meaning: 'No such post in the hobby group.' },
  join_request_not_found: { status: 404, meaning: 'No such pending join request.' },
  follow_request_not_found: { status: 404, meaning: 'No such pending follow request.' },
  event_not_found: { status: 404, meaning: 'No such event.' },
  event_photo_not_found: { status: 404, meaning: 'No such photo on this event.' },
  calendar_feed_not_found: { status: 404, meaning: 'No calendar feed has this token (never made, or revoked).' },
  report_not_found: { status: 404, meaning: 'No such report.' },
  legal_document_not_found: { status: 404, meaning: 'No version of this legal text has been published.' },
  data_export_not_found: { status: 404, meaning: "No such data export of the caller's (another member's, removed after its day, or not ready)." },
  queue_entry_not_found: { status: 404, meaning: 'No such entry in the review queue.' },
  queue_action_not_found: { status: 404, meaning: "No such queue decision of the caller's." },
  report_target_missing: { status: 404, meaning: 'The reported content or account no longer exists.' },

  // State
  conflict: { status: 409, meaning: 'The write clashes with the current state (general).' },
  blog_category_exists: { status: 409, meaning: 'A blog category with this slug exists.' },
  blog_post_published: { status: 409, meaning: 'The editor autosaves drafts only; a published post changes when its editor saves it.' },
  report_already_open: { status: 409, meaning: 'The caller already has an open report on this.' },
  event_not_past: { status: 409, meaning: 'Photos are added to an event once it has taken place.' },
  event_cancelled: { status: 409, meaning: 'The event is cancelled: nobody joins it and it is not edited.' },
  event_over: { status: 409, meaning: 'The event has taken place: its attendance (and waitlist) stays as it was.' },
  consent_outdated: { status: 409, meaning: 'The consent names a version of a legal text that is no longer the current one.' },
  report_closed: { status: 409, meaning: 'The report has already been resolved or dismissed.' },
  queue_entry_claimed: { status: 409, meaning: 'Another moderator holds the queue entry (their claim has not expired); the text names them.' },
  queue_entry_closed: { status: 409, meaning: 'The queue entry was already decided: nothing of it is open.' },
  queue_undo_expired: { status: 410, meaning: 'The queue decision is older than LIMITS.queueUndoSeconds, or already undone: it can no longer be undone.' },

  // Load and faults
  too_many_requests: { status: 429, meaning: 'Rate limit reached; `Retry-After` says when to try again.' },
  trust_links: { status: 403, meaning: 'A new member (trust level 0) put more links in one item than the trust settings allow.' },
  trust_mentions: { status: 403, meaning: 'A new member (trust level 0) mentioned more members in one item than the trust settings allow.' },
  trust_images: {
    status: 403,
    meaning: 'A new member (trust level 0) shared an image or video within the first hours after joining; the message says when it unlocks.',
  },
  trust_daily_posts: {
    status: 429,
    meaning: 'A new member (trust level 0) reached the posts and comments they may share in 24 hours; `Retry-After` says when.',
  },
  // Places (districts and neighbourhoods)
  district_not_found: { status: 404, meaning: 'No district (ilçe) with this id.' },
  neighbourhood_not_found: {
    status: 404,
    meaning: 'No neighbourhood (mahalle) with this id, or a chosen neighbourhoodId that does not exist (400).',
    alsoStatus: 400,
  },
  place_name_taken: {
    status: 409,
    meaning: 'A district, or a neighbourhood within the same district, already has this name (compared with the Turkish fold).',
  },
  district_not_empty: { status: 409, meaning: 'A district that still has neighbourhoods cannot be removed; remove or move them first.' },
  places_import_invalid: { status: 400, meaning: 'A neighbourhood CSV with row errors; `details` lists them by line (path `satır N`); nothing was written.' },
  content_blocked: {
    status: 400,
    meaning: 'The text holds a word on the watched-word list whose action is to block it; the message names no word. Nothing was written.',
  },
  watched_word_taken: { status: 409, meaning: 'The watched-word list already has this word (compared folded).' },
  watched_words_import_invalid: {
    status: 400,
    meaning: 'A watched-word CSV with row errors; `details` lists them by line (path `satır N`); nothing was written.',
  },
  hidden_item: {
    status: 403,
    meaning: 'A like, comment or report of a hidden or held item; those who see it (its moderators, its author) cannot add to it until it is shown.',
  },
  appeal_exists: { status: 409, meaning: 'This hidden item or this suspension was already appealed; each is appealed once.' },
  appeal_not_hidden: { status: 409, meaning: 'An appeal of an item that is not hidden (nothing to appeal).' },
  appeal_target_missing: { status: 404, meaning: 'The item appealed against does not exist.' },
  appeal_not_found: { status: 404, meaning: 'No appeal with this id.' },
  appeal_closed: { status: 409, meaning: 'The appeal was already upheld or rejected.' },
  neighbourhood_required: { status: 409, meaning: "A 'mahallem' or 'ilçem' filter (or Yakınımda) from a viewer who has not chosen a neighbourhood." },

  internal: { status: 500, meaning: 'An unexpected fault; nothing the caller can fix.' },
  unavailable: { status: 503, meaning: 'The server is starting or shutting down.' },
  database_unavailable: { status: 503, meaning: 'The database cannot be reached; nothing was written. `Retry-After: 5`.' },
  storage_unavailable: { status: 503, meaning: 'The file store (disk or S3 bucket) cannot be reached; nothing was written. `Retry-After: 5`.' },
  server_busy: { status: 503, meaning: 'Too much work queued; `Retry-After` says when to try again.' },
  response_contract: { status: 500, meaning: 'In tests only: an answer did not fit its schema in shared/src/contract.' },
} as const satisfies Record<string, { status: number; alsoStatus?: number; meaning: string }>;

export type ErrorCode = keyof typeof ERRORS;
/** Kept for existing imports: the same as ErrorCode. */
export type KnownErrorCode = ErrorCode;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

type StatusesOf<C extends ErrorCode> = (typeof ERRORS)[C] extends { alsoStatus: infer A } ? (typeof ERRORS)[C]['status'] | A : (typeof ERRORS)[C]['status'];
/** The codes that may come with HTTP status S (the server's factories take only these). */
export type ErrorCodeWithStatus<S extends number> = { [C in ErrorCode]: S extends StatusesOf<C> ? C : never }[ErrorCode];

/** Every status a code may come with (one, except where noted in the registry). */
export function statusesOf(code: ErrorCode): number[] {
  const entry: { status: number; alsoStatus?: number } = ERRORS[code];
  return entry.alsoStatus === undefined ? [entry.status] : [entry.status, entry.alsoStatus];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, value);
}

export function isErrorCodeWithStatus<S extends number>(value: unknown, status: S): value is ErrorCodeWithStatus<S> {
  return isErrorCode(value) && statusesOf(value).includes(status);
}

/**
 * Codes the UI's client makes itself, never sent by the server: `network` (no answer) and
 * `http_error` (an answer that is not the API's JSON, e.g. a proxy's page).
 */
export type ClientErrorCode = ErrorCode | 'network' | 'http_error';

/** Shape of every non-2xx JSON answer of the API. */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  details?: { path: string; message: string }[];
}
