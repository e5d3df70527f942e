import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { StorageUnavailable, assertKey, type ByteRange, type ObjectInfo, type ObjectStore, type StoredObject } from './types';

export interface S3Settings {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** Answers about the object asked for (there is none, or not that range), not faults of the bucket. */
const NOT_THERE = new Set(['NoSuchKey', 'NotFound', 'InvalidRange']);

type Sdk = typeof import('@aws-sdk/client-s3');
let sdkLoading: Promise<Sdk> | undefined;
/**
 * The SDK is loaded with a bucket's first call, not when the server starts: it holds about 5 MiB of
 * heap and 20 MiB of memory in all, which a node on the default disk storage has no use for.
 */
const loadSdk = () => (sdkLoading ??= import('@aws-sdk/client-s3'));

/** An S3 client and the SDK it comes from, made on first use. */
export interface S3Connection {
  readonly settings: S3Settings;
  open(): Promise<{ sdk: Sdk; client: S3Client }>;
}

/** A client per settings, shared by every store (uploads, exports) on the same bucket. */
export function s3Client(settings: S3Settings): S3Connection {
  let opening: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  return {
    settings,
    open: () => (opening ??= loadSdk().then((sdk) => ({ sdk, client: newClient(sdk, settings) }))),
  };
}

function newClient(sdk: Sdk, settings: S3Settings): S3Client {
  return new sdk.S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Checksums only where the API demands them: streamed bodies are then sent plainly, not as
    // aws-chunked with a trailer, which several S3-compatible servers store verbatim.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer fails the request in seconds (a 503), not after minutes of retries.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
}

/**
 * One namespace (`<prefix>/<key>`) of an S3-compatible bucket (AWS, MinIO, Garage, SeaweedFS...).
 * Objects are written whole by one PutObject with their length, so a failed upload leaves nothing.
 */
export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  constructor(
    private readonly connection: S3Connection,
    readonly bucket: string,
    readonly prefix: string,
  ) {}

  private keyOf(key: string): string {
    assertKey(key);
    return `${this.prefix}/${key}`;
  }

  /** Runs one request: a fault (unreachable, refused) becomes StorageUnavailable; a missing object or range is thrown as it came. */
  private async call<T>(run: (sdk: Sdk, client: S3Client) => Promise<T>): Promise<T> {
    let sdk: Sdk | undefined;
    try {
      const open = await this.connection.open();
      sdk = open.sdk;
      return await run(open.sdk, open.client);
    } catch (err) {
      throw sdk && err instanceof sdk.S3ServiceException && NOT_THERE.has(err.name) ? err : new StorageUnavailable(err);
    }
  }

  async putFile(key: string, file: string, type: string): Promise<void> {
    const { size } = await fs.promises.stat(file);
    await this.call((sdk, client) =>
      client.send(
        new sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), Body: fs.createReadStream(file), ContentLength: size, ContentType: type }),
      ),
    );
  }

  async put(key: string, data: Buffer, type: string): Promise<void> {
    await this.call((sdk, client) =>
      client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), Body: data, ContentLength: data.length, ContentType: type })),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    try {
      const out = await this.call((sdk, client) =>
        client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined })),
      );
      const length = out.ContentLength ?? 0;
      const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
      return { body: out.Body as Readable, length, size: total ? Number(total) : length, type: out.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (!(err instanceof StorageUnavailable)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const out = await this.call((sdk, client) => client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) })));
      return { size: out.ContentLength ?? 0 };
    } catch (err) {
      if (!(err instanceof StorageUnavailable)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await this.call((sdk, client) => client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) })));
  }

  async *list(): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      const page = await this.call((sdk, client) =>
        client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}/`, ContinuationToken: token })),
      );
      for (const o of page.Contents ?? []) {
        const key = o.Key?.slice(this.prefix.length + 1);
        if (key && !key.includes('/')) yield { key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
