import type { Knex } from 'knex';
import { TEXTS, type EventPhoto } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { idPage } from '../../db/keyset';
import { nowIso, toIso } from '../../db/time';
import type { UserRow } from '../../presenters/users';
import { removeUpload, type SavedImage } from '../uploads';
import { eventContext, visibleEventRow } from './events';
import { authorize, notFound } from '../../policies/decision';
import * as policy from '../../policies/events';
import { whereNotBlocked } from '../blocks';
import { audit } from '../audit';

/** Photos of a past event: its attendees add them, whoever may see the event sees them. */

interface PhotoRow {
  id: number;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
  user_id: number;
  username: string;
  display_name: string;
  created_at: unknown;
}

const present = (r: PhotoRow): EventPhoto => ({
  id: r.id,
  url: r.url,
  thumbUrl: r.thumb_url,
  width: Number(r.width),
  height: Number(r.height),
  user: { id: r.user_id, username: r.username, displayName: r.display_name },
  createdAt: toIso(r.created_at),
});

const photosQuery = (db: Knex) =>
  db('event_photos as p')
    .join('users as u', 'u.id', 'p.user_id')
    .select('p.id', 'p.url', 'p.thumb_url', 'p.width', 'p.height', 'p.user_id', 'u.username', 'u.display_name', 'p.created_at');

export async function listEventPhotos(ctx: AppContext, id: number, viewer: UserRow | undefined, page: { limit: number; cursor?: string }) {
  await visibleEventRow(ctx.db, id, viewer);
  // An attendee with a block between them and the viewer (either way) is not shown by their photos.
  const q = whereNotBlocked(photosQuery(ctx.db).where('p.event_id', id), 'p.user_id', viewer?.id ?? null);
  const { rows, nextCursor } = await idPage<PhotoRow>(q, {
    column: 'p.id',
    valueOf: (r) => r.id,
    cursor: page.cursor,
    limit: page.limit,
  });
  return { items: rows.map(present), nextCursor };
}

/** Checks before the image is processed, so a refused upload never writes a file. */
export async function assertMayAddPhoto(ctx: AppContext, me: UserRow, id: number): Promise<void> {
  const event = await visibleEventRow(ctx.db, id, me);
  if (Date.parse(toIso(event.date)) > Date.now()) throw errors.conflict(TEXTS.events.photosAfterEvent, 'event_not_past');
  authorize(policy.canAddPhoto(me, await eventContext(ctx.db, event, me)));
}

export async function addEventPhoto(ctx: AppContext, me: UserRow, id: number, image: SavedImage): Promise<EventPhoto> {
  try {
    const [row]: ({ id: number } | number | undefined)[] = await ctx
      .db('event_photos')
      .insert({ event_id: id, user_id: me.id, url: image.url, thumb_url: image.thumbUrl, width: image.width, height: image.height, created_at: nowIso() })
      .returning('id');
    const photoId = Number(typeof row === 'object' ? row.id : row);
    const saved: PhotoRow | undefined = await photosQuery(ctx.db).where('p.id', photoId).first();
    if (!saved) throw errors.notFound(TEXTS.social.eventNotFound, 'event_not_found');
    return present(saved);
  } catch (err) {
    // The event went away meanwhile (or the write failed): leave no file behind.
    await removeUpload(ctx, image.url);
    throw err;
  }
}

/**
 * Removes one photo of the event, with its files: whoever added it, the event's organiser or an
 * admin. Someone removing another member's photo is written to the audit log. A photo the remover
 * cannot see (an event hidden from them) is, to them, not there.
 */
export async function deleteEventPhoto(ctx: AppContext, me: UserRow, eventId: number, photoId: number): Promise<void> {
  const url = await ctx.db.transaction(async (trx) => {
    const event = await visibleEventRow(trx, eventId, me);
    const photo: { id: number; user_id: number; url: string } | undefined = await trx('event_photos')
      .where({ id: photoId, event_id: eventId })
      .first('id', 'user_id', 'url');
    if (!photo) throw notFound('event_photo');
    const own = Number(photo.user_id) === me.id;
    authorize(policy.canDeletePhoto(me, { creatorId: Number(event.creator_id) }, { userId: Number(photo.user_id) }));
    await trx('event_photos').where({ id: photoId }).delete();
    if (!own)
      await audit(trx, me, 'event_photo.delete', { type: 'event_photo', id: photoId }, { before: { eventId, userId: Number(photo.user_id), url: photo.url } });
    return photo.url;
  });
  // The files go once the row is gone (a failed delete leaves both in place).
  await removeUpload(ctx, url);
}
