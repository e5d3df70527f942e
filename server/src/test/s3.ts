import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../config';

export interface TestBucket {
  storage: Extract<StorageConfig, { kind: 's3' }>;
  /** The bucket's files on disk, as s3rver keeps them. */
  dir: string;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on an ephemeral port, with one empty bucket. */
export async function startTestBucket(bucket = 'mahalle'): Promise<TestBucket> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    storage: {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    dir,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Settings for a bucket nobody answers for: a port that was free a moment ago. */
export async function unreachableBucket(): Promise<Extract<StorageConfig, { kind: 's3' }>> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return {
    kind: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'mahalle',
    region: 'us-east-1',
    accessKeyId: 'x',
    secretAccessKey: 'x',
    forcePathStyle: true,
  };
}
