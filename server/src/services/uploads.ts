import fs from 'node:fs/promises';
import crypto from 'node:crypto';
import { fileTypeFromFile } from 'file-type';
import { LIMITS, TEXTS } from '@mahalle/shared';
import type { Config } from '../config';
import { errors } from '../errors';
import type { Logger } from '../logger';
import type { UploadedFile } from '../middlewares/multipart';
import { processImage } from './images';
import { videoDurationOfFile } from './media-duration';
import { isKey, storesFor, type ObjectStore } from './storage';

const S = TEXTS.social;

const IMAGE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
]);
const VIDEO_TYPES = new Map([
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
  ['video/x-m4v', 'mp4'],
  ['video/quicktime', 'mov'],
]);

type WithConfig = { config: Pick<Config, 'storage' | 'uploadsDir' | 'dataDir'>; logger?: Pick<Logger, 'warn'> };

/** The store uploads go to (disk or bucket, by configuration). */
export const uploadStore = (ctx: WithConfig): ObjectStore => storesFor(ctx.config).uploads;

export interface SavedUpload {
  url: string;
  mime: string;
}

export interface SavedImage extends SavedUpload {
  width: number;
  height: number;
  thumbUrl: string;
}

/** What a table stores beside an image's URL. */
export type StoredImageSize = Pick<SavedImage, 'width' | 'height' | 'thumbUrl'>;

/** The image_width, image_height and image_thumb_url columns of posts and group posts. */
export function imageSizeColumns(image: StoredImageSize | null | undefined) {
  return { image_width: image?.width ?? null, image_height: image?.height ?? null, image_thumb_url: image?.thumbUrl ?? null };
}

/** Where the thumbnail of a stored image lives: `/uploads/<name>.<ext>` has `/uploads/<name>.thumb.webp`. */
export function thumbUrlOf(url: string): string {
  return url.replace(/\.[^./]+$/, '') + '.thumb.webp';
}

/** The store's key of a public `/uploads/<key>` URL, or null for anything else. */
export function uploadKeyOf(url: string | null | undefined): string | null {
  if (!url || !url.startsWith('/uploads/')) return null;
  const key = url.slice('/uploads/'.length);
  return isKey(key) ? key : null;
}

/**
 * An image (JPEG, PNG, WebP, GIF by its bytes) of at most 5 MB, decoded from its temporary file,
 * re-encoded without metadata and scaled down (see processImage), stored under a random name with
 * its WebP thumbnail beside it. Either both are stored or neither.
 */
export async function saveImage(
  ctx: WithConfig,
  file: UploadedFile,
  texts: { tooLarge: string; wrongType: string } = { tooLarge: S.imageTooLarge, wrongType: S.imageOnly },
): Promise<SavedImage> {
  if (file.size > LIMITS.imageMaxBytes) throw errors.tooLarge(texts.tooLarge);
  const type = await fileTypeFromFile(file.path);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw errors.unsupportedType(texts.wrongType);
  // The copies are written beside the upload's temporary file, so the middleware's clean-up of
  // `<temp>.*` would find any a failure left; they are removed here in every case.
  const image = await processImage(file.path, `${file.path}.out`);
  const store = uploadStore(ctx);
  const key = `${crypto.randomUUID()}.${image.ext}`;
  const url = `/uploads/${key}`;
  const thumbUrl = thumbUrlOf(url);
  try {
    await store.putFile(key, image.file, image.mime);
    try {
      await store.putFile(uploadKeyOf(thumbUrl)!, image.thumbFile, 'image/webp');
    } catch (err) {
      await store.delete(key).catch(() => undefined);
      throw err;
    }
  } finally {
    await Promise.all([fs.rm(image.file, { force: true }), fs.rm(image.thumbFile, { force: true })]);
  }
  return { url, mime: image.mime, width: image.width, height: image.height, thumbUrl };
}

/** A video (MP4 or WebM by its bytes) of at most 17 seconds, read from the container, stored as it came. */
export async function saveVideo(ctx: WithConfig, file: UploadedFile): Promise<SavedUpload> {
  if (file.size > LIMITS.videoMaxBytes) throw errors.tooLarge(S.videoTooLarge);
  const type = await fileTypeFromFile(file.path);
  const ext = type && VIDEO_TYPES.get(type.mime);
  if (!type || !ext) throw errors.unsupportedType(S.videoOnly);
  const duration = await videoDurationOfFile(file.path, type.mime);
  if (duration === null) throw errors.badRequest(S.videoUnreadable, 'video_unreadable');
  if (duration > LIMITS.videoMaxSeconds + 0.05) throw errors.badRequest(S.videoTooLong, 'video_too_long');
  const key = `${crypto.randomUUID()}.${ext}`;
  await uploadStore(ctx).putFile(key, file.path, type.mime);
  return { url: `/uploads/${key}`, mime: type.mime };
}

/**
 * Remove a file we stored, by its public URL, with its thumbnail if it has one; missing files are
 * fine. Called after the rows that named it are gone, so a store that cannot be reached does not
 * undo that: the file is left for `npm run admin -- cleanup-uploads` and the failure logged.
 */
export async function removeUpload(ctx: WithConfig, url: string | null | undefined): Promise<void> {
  const key = uploadKeyOf(url);
  if (!key) return;
  const store = uploadStore(ctx);
  const thumb = uploadKeyOf(thumbUrlOf(url!));
  try {
    await store.delete(key);
    if (thumb && thumb !== key) await store.delete(thumb);
  } catch (err) {
    ctx.logger?.warn({ err, key }, 'an upload could not be removed from the store');
  }
}
