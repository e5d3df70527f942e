import { MODERATOR_MAX_SUSPENSION_DAYS, TEXTS } from '@mahalle/shared';
import { administersSite, moderatesSite, type Actor, type Member } from './actor';
import { ALLOW, notPermitted, refuse, signedOut, type Decision } from './decision';

/** The admin workspace and every admin-only route (`requireAdmin`). */
export function canAdminister(actor: Actor): Decision {
  if (!actor) return signedOut();
  return administersSite(actor) ? ALLOW : refuse({ reason: 'admin_only' });
}

/**
 * The moderation side of the admin workspace (`requireModerator`): the reports queue, warnings,
 * suspensions, hiding and restoring content, the audit log and the member list without e-mail.
 * Site moderators and admins.
 */
export function canModerate(actor: Actor): Decision {
  if (!actor) return signedOut();
  return moderatesSite(actor) ? ALLOW : refuse({ reason: 'admin_only' });
}

/**
 * Who hears the moderation side live over the socket (the moderators' room: the open-report
 * count, new reports, the review queue's changes): whoever `canModerate`.
 */
export function hearsModeration(actor: Actor): boolean {
  return moderatesSite(actor);
}

/** Members' e-mail addresses (the workspace's member list, the audit log): admins only. */
export function canSeeMemberEmails(actor: Actor): Decision {
  return administersSite(actor) ? ALLOW : refuse({ reason: 'admin_only' });
}

const DAY_MS = 86_400_000;

/**
 * Warning, suspending or lifting a suspension of `target`: an admin acts on anyone (but an admin,
 * `canSuspend`); a moderator only on members (not another moderator or an admin) and suspends for
 * at most 7 days (`until` the end asked, from `now`).
 */
export function canDiscipline(actor: Actor, target: Member, until?: { end: Date; now: Date }): Decision {
  if (!actor) return signedOut();
  if (!moderatesSite(actor)) return refuse({ reason: 'admin_only' });
  if (administersSite(actor)) return ALLOW;
  if (moderatesSite(target)) return notPermitted(TEXTS.admin.cannotModerateStaff);
  // A minute's slack for the time between the request and the check.
  if (until && until.end.getTime() - until.now.getTime() > MODERATOR_MAX_SUSPENSION_DAYS * DAY_MS + 60_000)
    return notPermitted(TEXTS.admin.moderatorSuspendTooLong);
  return ALLOW;
}

/** Deleting an account from the workspace (or through a report): admins only. */
export function canDeleteAccounts(actor: Actor): Decision {
  if (!actor) return signedOut();
  return administersSite(actor) ? ALLOW : notPermitted(TEXTS.admin.moderatorCannotDeleteAccounts);
}

/**
 * Signing in with an unconfirmed e-mail address where the organiser requires confirmation: admins
 * are never held back, so a mail server that does not deliver cannot lock the site's own admins out.
 */
export function canSignInUnverified(actor: Actor): boolean {
  return administersSite(actor);
}

/** Asked to accept a new version of the legal texts: every member but the admins who publish them. */
export function isAskedForConsent(actor: Actor): boolean {
  return Boolean(actor) && !administersSite(actor);
}
