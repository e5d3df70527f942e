import { describe, expect, it } from 'vitest';
import { ERRORS } from '@mahalle/shared';
import { refusalError, type Refusal } from './decision';

/** The refusal table of shared/src/contract/README.md: each reason, its status and code. */
const TABLE: [Refusal, number, string][] = [
  [{ reason: 'signed_out' }, 401, 'unauthorized'],
  [{ reason: 'hidden', resource: 'post' }, 404, 'not_found'],
  [{ reason: 'hidden', resource: 'message' }, 404, 'not_found'],
  [{ reason: 'hidden', resource: 'comment' }, 404, 'comment_not_found'],
  [{ reason: 'hidden', resource: 'group_post' }, 404, 'group_post_not_found'],
  [{ reason: 'hidden', resource: 'question' }, 404, 'question_not_found'],
  [{ reason: 'hidden', resource: 'answer' }, 404, 'answer_not_found'],
  [{ reason: 'hidden', resource: 'blog_post' }, 404, 'blog_post_not_found'],
  [{ reason: 'hidden', resource: 'event' }, 404, 'event_not_found'],
  [{ reason: 'hidden', resource: 'event_photo' }, 404, 'event_photo_not_found'],
  [{ reason: 'hidden', resource: 'user' }, 404, 'user_not_found'],
  [{ reason: 'hidden', resource: 'group' }, 404, 'group_not_found'],
  [{ reason: 'blocked' }, 403, 'blocked_interaction'],
  [{ reason: 'private_account' }, 403, 'private_account'],
  [{ reason: 'group_members_only' }, 403, 'group_members_only'],
  [{ reason: 'group_founder_only' }, 403, 'group_founder_only'],
  [{ reason: 'event_organiser_only' }, 403, 'event_organiser_only'],
  [{ reason: 'event_attendees_only' }, 403, 'event_attendees_only'],
  [{ reason: 'event_photo_forbidden' }, 403, 'event_photo_forbidden'],
  [{ reason: 'question_author_only' }, 403, 'question_author_only'],
  [{ reason: 'target_is_admin', action: 'suspend' }, 403, 'cannot_suspend_admin'],
  [{ reason: 'target_is_admin', action: 'delete' }, 403, 'cannot_delete_admin'],
  [{ reason: 'admin_only' }, 403, 'forbidden'],
  [{ reason: 'not_permitted' }, 403, 'forbidden'],
];

describe('refusals', () => {
  it.each(TABLE.map(([r, status, code]) => [JSON.stringify(r), r, status, code] as const))('%s', (_name, refusal, status, code) => {
    const error = refusalError(refusal);
    expect([error.status, error.code]).toEqual([status, code]);
    expect(ERRORS[error.code].status).toBe(status);
    expect(error.message).not.toBe('');
  });
});
