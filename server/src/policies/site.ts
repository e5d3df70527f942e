import { administersSite, type Actor } from './actor';
import { ALLOW, refuse, signedOut, type Decision } from './decision';

/** The admin workspace and every admin-only route (`requireAdmin`). */
export function canAdminister(actor: Actor): Decision {
  if (!actor) return signedOut();
  return administersSite(actor) ? ALLOW : refuse({ reason: 'admin_only' });
}
