import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';

/**
 * Duration of an MP4/MOV or WebM file, read from its container header (no decoding).
 * Audio-metadata libraries only report durations of audio tracks, so a silent clip would
 * look endless to them; these two readers cover the containers the product accepts.
 */

/** MP4/MOV: moov > mvhd (timescale, duration), or moov > mvex > mehd for fragmented files. */
export function mp4Duration(buf: Buffer): number | null {
  const moov = findBox(buf, 0, buf.length, 'moov');
  if (!moov) return null;
  const mvhd = findBox(buf, moov.start, moov.end, 'mvhd');
  if (!mvhd) return null;
  const version = buf[mvhd.start];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (mvhd.start + 32 > mvhd.end) return null;
    timescale = buf.readUInt32BE(mvhd.start + 20);
    duration = Number(buf.readBigUInt64BE(mvhd.start + 24));
  } else {
    if (mvhd.start + 20 > mvhd.end) return null;
    timescale = buf.readUInt32BE(mvhd.start + 12);
    duration = buf.readUInt32BE(mvhd.start + 16);
  }
  if (!timescale) return null;
  if (duration === 0 || duration === 0xffffffff) {
    const mvex = findBox(buf, moov.start, moov.end, 'mvex');
    const mehd = mvex && findBox(buf, mvex.start, mvex.end, 'mehd');
    if (!mehd) return null;
    duration = buf[mehd.start] === 1 ? Number(buf.readBigUInt64BE(mehd.start + 4)) : buf.readUInt32BE(mehd.start + 4);
  }
  return duration > 0 ? duration / timescale : null;
}

function findBox(buf: Buffer, from: number, to: number, type: string): { start: number; end: number } | null {
  let pos = from;
  while (pos + 8 <= to) {
    let size = buf.readUInt32BE(pos);
    const name = buf.toString('latin1', pos + 4, pos + 8);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > to) return null;
      size = Number(buf.readBigUInt64BE(pos + 8));
      header = 16;
    } else if (size === 0) {
      size = to - pos;
    }
    if (size < header) return null;
    const end = Math.min(pos + size, to);
    if (name === type) return { start: pos + header, end };
    pos += size;
  }
  return null;
}

const EBML_SEGMENT = 0x18538067;
const EBML_INFO = 0x1549a966;
const EBML_TIMECODE_SCALE = 0x2ad7b1;
const EBML_DURATION = 0x4489;

function readVint(buf: Buffer, pos: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = buf[pos];
  if (first === undefined) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[pos + i];
    if (byte === undefined) return null;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** WebM/Matroska: Segment > Info > Duration (float) × TimecodeScale (ns). */
export function webmDuration(buf: Buffer): number | null {
  let pos = 0;
  let end = buf.length;
  let inSegment = false;
  while (pos < end) {
    const id = readVint(buf, pos, true);
    if (!id) return null;
    const size = readVint(buf, pos + id.length, false);
    if (!size) return null;
    const dataStart = pos + id.length + size.length;
    const dataEnd = size.unknown ? end : Math.min(dataStart + size.value, end);
    if (!inSegment && id.value === EBML_SEGMENT) {
      inSegment = true;
      pos = dataStart;
      end = dataEnd;
      continue;
    }
    if (inSegment && id.value === EBML_INFO) return readInfo(buf, dataStart, dataEnd);
    pos = dataEnd;
  }
  return null;
}

function readInfo(buf: Buffer, start: number, end: number): number | null {
  let scale = 1_000_000;
  let duration: number | null = null;
  let pos = start;
  while (pos < end) {
    const id = readVint(buf, pos, true);
    const size = id && readVint(buf, pos + id.length, false);
    if (!id || !size) break;
    const dataStart = pos + id.length + size.length;
    // A length the file claims must fit the element and a uint (8 bytes): never loop on it blindly.
    if (size.value > end - dataStart) break;
    if (id.value === EBML_TIMECODE_SCALE) {
      if (size.value > 8) return null;
      scale = 0;
      for (let i = 0; i < size.value; i++) {
        const byte = buf[dataStart + i];
        if (byte === undefined) return null;
        scale = scale * 256 + byte;
      }
    } else if (id.value === EBML_DURATION) {
      duration = size.value === 4 ? buf.readFloatBE(dataStart) : size.value === 8 ? buf.readDoubleBE(dataStart) : null;
    }
    pos = dataStart + size.value;
  }
  return duration !== null && duration > 0 && scale > 0 ? (duration * scale) / 1e9 : null;
}

export function videoDurationSeconds(buf: Buffer, mime: string): number | null {
  try {
    return mime === 'video/webm' ? webmDuration(buf) : mp4Duration(buf);
  } catch {
    return null;
  }
}

/** How much of a file the readers look at: a 17-second clip's moov box or WebM header is a few KiB. */
const HEADER_BYTES = 1024 * 1024;
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/**
 * The same readers on a file, without reading it whole: for MP4 the top-level box headers are
 * walked on disk and only `moov` (wherever it is, often at the end) is read; for WebM the
 * header's first MiB, where Segment > Info sits.
 */
export async function videoDurationOfFile(file: string, mime: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (mime === 'video/webm') return videoDurationSeconds(await readAt(handle, 0, Math.min(size, HEADER_BYTES)), mime);
    let pos = 0;
    while (pos + 8 <= size) {
      const head = await readAt(handle, pos, 16);
      if (head.length < 8) return null;
      let boxSize = head.readUInt32BE(0);
      if (boxSize === 1) {
        if (head.length < 16) return null;
        boxSize = Number(head.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        boxSize = size - pos;
      }
      if (boxSize < 8) return null;
      if (head.toString('latin1', 4, 8) === 'moov') {
        if (boxSize > MAX_MOOV_BYTES) return null;
        return videoDurationSeconds(await readAt(handle, pos, Math.min(boxSize, size - pos)), mime);
      }
      pos += boxSize;
    }
    return null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
