import type { Readable } from 'node:stream';

/** An object read back: its bytes as a stream, its full length and its media type. */
export interface StoredObject {
  body: Readable;
  /** Bytes in `body` (the range's length when a range was asked for). */
  length: number;
  /** The whole object's size. */
  size: number;
  type: string;
}

export interface ObjectInfo {
  key: string;
  size: number;
  modified: Date;
}

/** A byte range, both ends included, as HTTP's Range header says it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files and data-export archives live: a folder on this machine's disk (the
 * default) or an S3-compatible bucket (STORAGE=s3). Keys are flat names (`<uuid>.jpg`); each store
 * is one namespace (uploads, exports). Every method may throw a StorageUnavailable when the
 * backend cannot be reached: the caller answers 503 and writes nothing to the database.
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Stores a file from the local disk. The file may be moved rather than copied: the caller treats it as gone. */
  putFile(key: string, file: string, type: string): Promise<void>;
  put(key: string, data: Buffer, type: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size of an object, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes an object; a missing one is fine. */
  delete(key: string): Promise<void>;
  list(): AsyncIterable<ObjectInfo>;
}

/** The storage backend could not be reached or refused the request (503 `storage_unavailable`). */
export class StorageUnavailable extends Error {
  constructor(cause: unknown) {
    super(`storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailable';
  }
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  zip: 'application/zip',
};

/** The media type of a stored name, from its extension (names are ours: the extension was chosen from the bytes). */
export function typeOfKey(key: string): string {
  return TYPES[/\.([^.]+)$/.exec(key)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** A key is one plain file name: no folders, no dotfiles. */
export const isKey = (key: string): boolean => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(key) && !key.includes('..') && key.length <= 200;

export function assertKey(key: string): void {
  if (!isKey(key)) throw new Error(`invalid storage key: ${key}`);
}
