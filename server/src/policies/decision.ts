import { TEXTS } from '@mahalle/shared';
import { errors, type AppError } from '../errors';

/**
 * A policy's answer: allowed, or refused for one reason. Each reason has one status and one code
 * (the table in shared/src/contract/README.md); `hidden` answers the thing's own 404, so a thing
 * the actor may not see looks exactly like a thing that does not exist.
 */
export type Refusal =
  | { reason: 'signed_out' }
  | { reason: 'hidden'; resource: Resource }
  | { reason: 'blocked' }
  | { reason: 'private_account' }
  | { reason: 'group_members_only' }
  | { reason: 'group_founder_only' }
  | { reason: 'event_organiser_only' }
  | { reason: 'event_attendees_only' }
  | { reason: 'event_photo_forbidden' }
  | { reason: 'question_author_only' }
  | { reason: 'admin_only' }
  | { reason: 'hidden_item' }
  | { reason: 'target_is_admin'; action: 'suspend' | 'delete'; message?: string }
  | { reason: 'not_permitted'; message?: string };

export type RefusalReason = Refusal['reason'];

export type Decision = { ok: true } | { ok: false; refusal: Refusal };

export const ALLOW: Decision = { ok: true };
export const refuse = (refusal: Refusal): Decision => ({ ok: false, refusal });
export const hidden = (resource: Resource): Decision => refuse({ reason: 'hidden', resource });
export const signedOut = (): Decision => refuse({ reason: 'signed_out' });
export const notPermitted = (message?: string): Decision => refuse({ reason: 'not_permitted', message });

/** A block between the actor and the thing's owner, either way, refuses every interaction (the same for both sides). */
export const acrossBlock = (relation: { blocked: boolean }): Decision => (relation.blocked ? refuse({ reason: 'blocked' }) : ALLOW);

/** The first refusal of several rules, checked in order (the order is the answer's priority). */
export function firstRefusal(...rules: (() => Decision)[]): Decision {
  for (const rule of rules) {
    const decision = rule();
    if (!decision.ok) return decision;
  }
  return ALLOW;
}

const S = TEXTS.social;
const C = TEXTS.community;

/** The 404 of each kind of thing: the text and code its routes have always answered. */
const NOT_FOUND = {
  post: () => errors.notFound(S.postNotFound),
  comment: () => errors.notFound(S.commentNotFound, 'comment_not_found'),
  message: () => errors.notFound(S.messageNotFound),
  user: () => errors.notFound(TEXTS.users.notFound, 'user_not_found'),
  group: () => errors.notFound(C.groupNotFound, 'group_not_found'),
  group_post: () => errors.notFound(C.groupPostNotFound, 'group_post_not_found'),
  question: () => errors.notFound(C.questionNotFound, 'question_not_found'),
  answer: () => errors.notFound(C.answerNotFound, 'answer_not_found'),
  blog_post: () => errors.notFound(C.blogNotFound, 'blog_post_not_found'),
  event: () => errors.notFound(S.eventNotFound, 'event_not_found'),
  event_photo: () => errors.notFound(TEXTS.events.photoNotFound, 'event_photo_not_found'),
} satisfies Record<string, () => AppError>;

export type Resource = keyof typeof NOT_FOUND;

/** The answer of a missing thing of this kind (the same as a hidden one). */
export const notFound = (resource: Resource): AppError => NOT_FOUND[resource]();

/** The one table of refusals: reason → error answer. */
export function refusalError(refusal: Refusal): AppError {
  switch (refusal.reason) {
    case 'signed_out':
      return errors.unauthorized(TEXTS.auth.loginRequired);
    case 'hidden':
      return notFound(refusal.resource);
    case 'blocked':
      return errors.forbidden(TEXTS.blocks.cannotInteract, 'blocked_interaction');
    case 'private_account':
      return errors.forbidden(S.privateAccount, 'private_account');
    case 'group_members_only':
      return errors.forbidden(C.groupMembersOnly, 'group_members_only');
    case 'group_founder_only':
      return errors.forbidden(C.groupFounderOnly, 'group_founder_only');
    case 'event_organiser_only':
      return errors.forbidden(TEXTS.events.organiserOnly, 'event_organiser_only');
    case 'event_attendees_only':
      return errors.forbidden(TEXTS.events.photosAttendeesOnly, 'event_attendees_only');
    case 'event_photo_forbidden':
      return errors.forbidden(TEXTS.events.photoDeleteNotAllowed, 'event_photo_forbidden');
    case 'question_author_only':
      return errors.forbidden(C.onlyAuthorAccepts, 'question_author_only');
    case 'admin_only':
      return errors.forbidden(TEXTS.errors.adminRequired, 'forbidden');
    case 'hidden_item':
      return errors.forbidden(TEXTS.moderation.hiddenItemInteraction, 'hidden_item');
    case 'target_is_admin':
      return refusal.action === 'suspend'
        ? errors.forbidden(refusal.message ?? TEXTS.memberReports.cannotSuspendAdmin, 'cannot_suspend_admin')
        : errors.forbidden(refusal.message ?? TEXTS.admin.cannotDeleteAdmin, 'cannot_delete_admin');
    case 'not_permitted':
      return errors.forbidden(refusal.message);
  }
}

/** Throws the refusal's answer; returns when allowed. */
export function authorize(decision: Decision): void {
  if (!decision.ok) throw refusalError(decision.refusal);
}
