import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { fileTypeFromBuffer } from 'file-type';
import { LIMITS, TEXTS } from '@mahalle/shared';
import { errors } from '../errors';
import { processImage } from './images';
import { videoDurationSeconds } from './media-duration';

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

export interface SavedUpload {
  url: string;
  path: string;
  mime: string;
}

/**
 * Multipart parsing into memory with a hard size cap. Files are checked from their bytes
 * before anything touches the disk, so a rejected upload never leaves a file behind.
 */
export function multipart(fields: { name: string; maxCount?: number }[], maxBytes: number, tooLargeText: string): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: fields.length, fields: 30, fieldSize: 64 * 1024 },
    // A NUL in a file name is no browser's doing (the name is not used, but is refused like the rest).
    fileFilter: (_req, file, cb) => (file.originalname.includes('\0') ? cb(new Error('NUL in a file name')) : cb(null, true)),
  }).fields(fields.map((f) => ({ name: f.name, maxCount: f.maxCount ?? 1 })));
  return (req: Request, res: Response, next: NextFunction) => {
    if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) return next();
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(errors.tooLarge(tooLargeText));
        if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') return next(errors.badRequest(S.unexpectedFile, 'unexpected_file'));
        return next(errors.badRequest());
      }
      // Anything else is busboy refusing the body (no boundary, cut short, a malformed part header).
      next(errors.badRequest(TEXTS.errors.invalidMultipart, 'invalid_multipart'));
    });
  };
}

/** The uploaded files of a multipart request, by field name. */
export function filesOf(req: Request): Record<string, Express.Multer.File[]> {
  return (req.files as Record<string, Express.Multer.File[]> | undefined) ?? {};
}

async function write(uploadsDir: string, buffer: Buffer, ext: string, mime: string): Promise<SavedUpload> {
  const name = `${crypto.randomUUID()}.${ext}`;
  const filePath = path.join(uploadsDir, name);
  await fs.writeFile(filePath, buffer, { flag: 'wx' });
  return { url: `/uploads/${name}`, path: filePath, mime };
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

/**
 * An image (JPEG, PNG, WebP, GIF by its bytes) of at most 5 MB, decoded, re-encoded without metadata
 * and scaled down (see processImage), saved under a random name with its WebP thumbnail beside it.
 */
export async function saveImage(
  uploadsDir: string,
  file: Express.Multer.File,
  texts: { tooLarge: string; wrongType: string } = { tooLarge: S.imageTooLarge, wrongType: S.imageOnly },
): Promise<SavedImage> {
  if (file.size > LIMITS.imageMaxBytes) throw errors.tooLarge(texts.tooLarge);
  const type = await fileTypeFromBuffer(file.buffer);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw errors.unsupportedType(texts.wrongType);
  const image = await processImage(file.buffer);
  const saved = await write(uploadsDir, image.data, image.ext, image.mime);
  const thumbUrl = thumbUrlOf(saved.url);
  try {
    await fs.writeFile(path.join(uploadsDir, path.basename(thumbUrl)), image.thumb, { flag: 'wx' });
  } catch (err) {
    await removeUpload(uploadsDir, saved.url);
    throw err;
  }
  return { ...saved, width: image.width, height: image.height, thumbUrl };
}

/** A video (MP4 or WebM by its bytes) of at most 17 seconds, read from the container. */
export async function saveVideo(uploadsDir: string, file: Express.Multer.File): Promise<SavedUpload> {
  if (file.size > LIMITS.videoMaxBytes) throw errors.tooLarge(S.videoTooLarge);
  const type = await fileTypeFromBuffer(file.buffer);
  const ext = type && VIDEO_TYPES.get(type.mime);
  if (!type || !ext) throw errors.unsupportedType(S.videoOnly);
  const duration = videoDurationSeconds(file.buffer, type.mime);
  if (duration === null) throw errors.badRequest(S.videoUnreadable, 'video_unreadable');
  if (duration > LIMITS.videoMaxSeconds + 0.05) throw errors.badRequest(S.videoTooLong, 'video_too_long');
  return write(uploadsDir, file.buffer, ext, type.mime);
}

/** Remove a file we stored, by its public URL, with its thumbnail if it has one; missing files are fine. */
export async function removeUpload(uploadsDir: string, url: string | null | undefined): Promise<void> {
  if (!url || !url.startsWith('/uploads/')) return;
  const name = path.basename(url);
  await fs.rm(path.join(uploadsDir, name), { force: true });
  await fs.rm(path.join(uploadsDir, path.basename(thumbUrlOf(url))), { force: true });
}
