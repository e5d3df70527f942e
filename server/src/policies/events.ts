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
  /** Hidden by a moderator or the community, or held for approval by a watched word. */
  isHidden?: boolean;
}

/**
 * A private event is seen by its organiser, its attendees and the site's moderators; a hidden (or
 * held) one by its organiser and the site's moderators only.
 */
export function canView(actor: Actor, event: Pick<EventContext, 'creatorId' | 'isPrivate' | 'attending' | 'isHidden'>): Decision {
  if (isSelf(actor, event.creatorId) || moderatesSite(actor)) return ALLOW;
  if (event.isHidden) return hidden('event');
  return !event.isPrivate || event.attending ? ALLOW : hidden('event');
}

/** A hidden (or held) event is not there to join or to add photos to, for anyone. */
const notHidden = (event: Pick<EventContext, 'isHidden'>): Decision => (event.isHidden ? hidden('event') : ALLOW);

/** Joining (or waiting for a place): across a block with the organiser, refused; a hidden event, not there. Leaving is always allowed. */
export function canAttend(actor: Actor, event: EventContext, joining = true): Decision {
  if (!actor) return signedOut();
  return firstRefusal(
    () => canView(actor, event),
    () => (joining ? notHidden(event) : ALLOW),
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
    () => notHidden(event),
    () => (event.attending ? ALLOW : refuse({ reason: 'event_attendees_only' })),
    () => acrossBlock(event),
  );
}

/** Removing a photo: whoever added it, the organiser, or a site moderator. */
export function canDeletePhoto(actor: Actor, event: Pick<EventContext, 'creatorId'>, photo: { userId: number }): Decision {
  return isSelf(actor, photo.userId) || managesEvent(actor, event) ? ALLOW : refuse({ reason: 'event_photo_forbidden' });
}
