import fs from 'node:fs/promises';
import pLimit from 'p-limit';
import type SharpModule from 'sharp';
import { LIMITS, TEXTS } from '@mahalle/shared';
import { errors } from '../errors';

const S = TEXTS.social;

type Sharp = typeof SharpModule;
let loading: Promise<Sharp> | null = null;
/**
 * sharp (libvips) is loaded with the first image, not at start: it maps and initialises about
 * 17 MiB that a server which is only reading never needs.
 */
function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a different image: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/**
 * One image is decoded at a time: a photo being decoded and re-encoded holds some 30 MiB of native
 * memory, and decoding runs on libuv's thread pool, which the SQLite driver needs too. The rest
 * wait their turn instead of multiplying the peak.
 */
const decodeSlots = pLimit(1);

/** The formats we keep, by the name libvips reads from the bytes. The stored file keeps the uploaded format. */
const OUTPUT = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
} as const;
type Format = keyof typeof OUTPUT;

export interface ProcessedImage {
  /** The re-encoded image, written to a file beside the upload's temporary file (the caller stores and removes it). */
  file: string;
  ext: string;
  mime: string;
  /** Size of the stored image (one frame of an animation). */
  width: number;
  height: number;
  /** WebP, first frame, at most LIMITS.imageThumbSide on its longest side (a file, like `file`). */
  thumbFile: string;
  thumbWidth: number;
  thumbHeight: number;
}

const unreadable = () => errors.badRequest(S.imageUnreadable, 'image_unreadable');

/**
 * Decode an uploaded image and make the copies we store: the image re-encoded in its own format
 * with every metadata block dropped (EXIF with GPS, XMP, comments, ICC after conversion to sRGB),
 * EXIF orientation applied first, scaled down to LIMITS.imageMaxSide; and a WebP thumbnail.
 *
 * The pixel count is read from the header before anything is decoded, all frames of an animation
 * counted, so a small file that expands to gigabytes is refused without being expanded. A file that
 * does not decode completely (a valid header followed by anything else) is refused too.
 */
export function processImage(input: Buffer | string, outBase: string): Promise<ProcessedImage> {
  return decodeSlots(() => decodeAndEncode(input, outBase));
}

/** `input` is the image's bytes or the path of a file holding them (an upload's temporary file: read by libvips as it decodes). */
async function decodeAndEncode(input: Buffer | string, outBase: string): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let meta: SharpModule.Metadata;
  try {
    // Header only: no pixel is decoded here, so no limit is needed yet.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const format = meta.format as string;
  if (!(format in OUTPUT) || !meta.width || !meta.height) throw unreadable();
  const pages = Math.max(1, meta.pages ?? 1);
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight * pages > LIMITS.imageMaxPixels) {
    throw errors.badRequest(S.imageTooManyPixels, 'image_too_many_pixels');
  }
  const animated = pages > 1 && (format === 'gif' || format === 'webp');

  try {
    // failOn 'error': truncated or corrupt data is refused, never stored as a grey half-image; mere
    // warnings (which many cameras' files raise) are not.
    let image = sharp(input, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error', animated });
    // Orientation is baked into the pixels because the EXIF block that carried it is dropped.
    if (!animated) image = image.rotate();
    image = image.resize({ width: LIMITS.imageMaxSide, height: LIMITS.imageMaxSide, fit: 'inside', withoutEnlargement: true });
    const out = OUTPUT[format as Format];
    // Baseline, Huffman tables not optimised: libjpeg then encodes strip by strip as libvips hands
    // them over. A progressive or optimised JPEG needs every coefficient of the image held first
    // (some 25 MiB more at the full side, measured), for files about 5-8% smaller.
    if (format === 'jpeg') image = image.jpeg({ quality: 82, progressive: false, optimiseCoding: false });
    else if (format === 'png') image = image.png({ compressionLevel: 8 });
    else if (format === 'webp') image = image.webp({ quality: 82 });
    else image = image.gif();
    // No withMetadata()/keepMetadata(): sharp writes no EXIF, XMP or IPTC unless asked to.
    // Written to files, not buffers: the encoded image never sits in the JavaScript heap.
    const file = `${outBase}.${out.ext}`;
    const thumbFile = `${outBase}.thumb.webp`;
    const info = await image.toFile(file);

    const thumb = await sharp(file, { limitInputPixels: LIMITS.imageMaxPixels })
      .resize({ width: LIMITS.imageThumbSide, height: LIMITS.imageThumbSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toFile(thumbFile);

    return {
      file,
      ext: out.ext,
      mime: out.mime,
      width: info.width,
      height: (info as { pageHeight?: number }).pageHeight ?? info.height,
      thumbFile,
      thumbWidth: thumb.width,
      thumbHeight: thumb.height,
    };
  } catch {
    await Promise.all([fs.rm(`${outBase}.${OUTPUT[format as Format].ext}`, { force: true }), fs.rm(`${outBase}.thumb.webp`, { force: true })]);
    throw unreadable();
  }
}
