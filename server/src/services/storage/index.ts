import path from 'node:path';
import type { Config } from '../../config';
import { DiskStore } from './disk';
import { S3Store, s3Client } from './s3';
import type { ObjectStore } from './types';

export { DiskStore } from './disk';
export { S3Store, s3Client } from './s3';
export { StorageUnavailable, isKey, typeOfKey, type ByteRange, type ObjectInfo, type ObjectStore, type StoredObject } from './types';

export interface Stores {
  /** Originals, thumbnails, videos, blog images: `/uploads/<key>`. */
  uploads: ObjectStore;
  /** Data-export archives (KVKK), served only to their owner. */
  exports: ObjectStore;
}

const built = new WeakMap<Config, Stores>();

/** The stores a configuration names, built once per configuration (one S3 client for both). */
export function storesFor(config: Pick<Config, 'storage' | 'uploadsDir' | 'dataDir'>): Stores {
  const known = built.get(config as Config);
  if (known) return known;
  const s = config.storage;
  let stores: Stores;
  if (s.kind === 's3') {
    const client = s3Client(s);
    stores = { uploads: new S3Store(client, s.bucket, 'uploads'), exports: new S3Store(client, s.bucket, 'exports') };
  } else {
    stores = { uploads: new DiskStore(config.uploadsDir), exports: new DiskStore(path.join(config.dataDir, 'exports')) };
  }
  built.set(config as Config, stores);
  return stores;
}
