import type { AppContext } from '../../context';
import type { Digest } from './content';
import { renderDigestMail, type DigestMail } from './template';
import { digestUnsubscribeToken, unsubscribePath } from './unsubscribe';

/**
 * What the delivery queue carries for a weekly digest (notification_deliveries.payload, kind
 * 'digest'): its sections as built. The mail is rendered when it is sent, with the member's name
 * and address as they are then.
 */
export type DigestPayload = Omit<Digest, 'member'>;

export const digestPayloadOf = ({ neighbourhood, events, posts, questions, newMembers }: Digest): DigestPayload => ({
  neighbourhood,
  events,
  posts,
  questions,
  newMembers,
});

/** The digest's own one-click unsubscribe link (it turns the digest setting off, not a notification kind). */
export function digestUnsubscribeUrl(ctx: Pick<AppContext, 'config'>, memberId: number): string {
  return `${ctx.config.publicUrl ?? ''}${unsubscribePath(digestUnsubscribeToken(ctx.config.sessionSecret, memberId))}`;
}

/** The queued digest as a mail to its member (both bodies from the digest's template, links under PUBLIC_URL). */
export function renderQueuedDigest(
  ctx: Pick<AppContext, 'config'>,
  member: { id: number; username: string; displayName: string; email: string },
  payload: DigestPayload,
): DigestMail & { unsubscribeUrl: string } {
  const unsubscribeUrl = digestUnsubscribeUrl(ctx, member.id);
  return { ...renderDigestMail({ ...payload, member }, { baseUrl: ctx.config.publicUrl ?? '', unsubscribeUrl }), unsubscribeUrl };
}
