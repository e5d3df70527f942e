import { moderatesSite, isSelf, type Actor } from './actor';
import { acrossBlock, ALLOW, firstRefusal, hidden, notPermitted, refuse, signedOut, type Decision } from './decision';

/**
 * An event as its service loads it for one actor. `visible` in services/events/events is the
 * view rule written as SQL for lists.
 */
export interface EventContext {
  creatorId: number;
  isPrivate: boolean;
  /** The actor attends (has a place, not only a waitlist entry). */
  attending: boolean;
  /** A block between the actor and the organiser, either way. */
  blocked: boolean;
}

/** A private event is seen by its organiser, its attendees and the site's moderators. */
export function canView(actor: Actor, event: Pick<EventContext, 'creatorId' | 'isPrivate' | 'attending'>): Decision {
  return !event.isPrivate || isSelf(actor, event.creatorId) || event.attending || moderatesSite(actor) ? ALLOW : hidden('event');
}

/** Joining (or waiting for a place): across a block with the organiser, refused. Leaving is always allowed. */
export function canAttend(actor: Actor, event: EventContext, joining = true): Decision {
  if (!actor) return signedOut();
  return firstRefusal(
    () => canView(actor, event),
    () => (joining ? acrossBlock(event) : ALLOW),
  );
}

/** Whether the actor runs the event: its organiser or a site moderator (the answer's `canManage`). */
export function managesEvent(actor: Actor, event: Pick<EventContext, 'creatorId'>): boolean {
  return isSelf(actor, event.creatorId) || moderatesSite(actor);
}

/** Editing, cancelling, messaging the attendees. */
export function canManage(actor: Actor, event: Pick<EventContext, 'creatorId'>): Decision {
  return managesEvent(actor, event) ? ALLOW : refuse({ reason: 'event_organiser_only' });
}

/** Removing the event. */
export function canDelete(actor: Actor, event: Pick<EventContext, 'creatorId'>): Decision {
  return managesEvent(actor, event) ? ALLOW : notPermitted();
}

/** Adding a photo: those who attended; across a block with the organiser, refused. */
export function canAddPhoto(actor: Actor, event: EventContext): Decision {
  if (!actor) return signedOut();
  return firstRefusal(
    () => canView(actor, event),
    () => (event.attending ? ALLOW : refuse({ reason: 'event_attendees_only' })),
    () => acrossBlock(event),
  );
}

/** Removing a photo: whoever added it, the organiser, or a site moderator. */
export function canDeletePhoto(actor: Actor, event: Pick<EventContext, 'creatorId'>, photo: { userId: number }): Decision {
  return isSelf(actor, photo.userId) || managesEvent(actor, event) ? ALLOW : refuse({ reason: 'event_photo_forbidden' });
}
