import { TEXTS } from '@mahalle/shared';
import { isSelf, type Actor } from './actor';
import { ALLOW, hidden, notPermitted, type Decision } from './decision';

/** A direct message is its two members' only: to anyone else it does not exist. */
export interface MessageContext {
  senderId: number;
  receiverId: number;
}

const between = (actor: Actor, m: MessageContext) => isSelf(actor, m.senderId) || isSelf(actor, m.receiverId);

/** Marking read: the receiver. */
export function canMarkRead(actor: Actor, m: MessageContext): Decision {
  if (!between(actor, m)) return hidden('message');
  return isSelf(actor, m.receiverId) ? ALLOW : notPermitted(TEXTS.social.onlyReceiverReads);
}

/** Deleting: the sender. */
export function canDelete(actor: Actor, m: MessageContext): Decision {
  if (!between(actor, m)) return hidden('message');
  return isSelf(actor, m.senderId) ? ALLOW : notPermitted(TEXTS.social.onlySenderDeletes);
}
