import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { ObjectStore } from './types';

export interface MoveProgress {
  copied: number;
  /** Verified in an earlier run (the journal says so and the target still has it, same size). */
  alreadyThere: number;
  bytes: number;
  deleted: number;
}

export class ChecksumMismatch extends Error {
  constructor(readonly key: string) {
    super(`checksum mismatch for ${key}`);
    this.name = 'ChecksumMismatch';
  }
}

async function sha256(body: Readable): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `key size sha256` lines: what a run has copied and verified, read back by the next run. */
function readJournal(file: string): Map<string, { size: number; sha256: string }> {
  const done = new Map<string, { size: number; sha256: string }>();
  if (!fs.existsSync(file)) return done;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [key, size, sum] = line.split(' ');
    if (key && size && sum) done.set(key, { size: Number(size), sha256: sum });
  }
  return done;
}

/**
 * Copies every object of `from` into `to`, each one through a temporary file in `tmpDir` while its
 * SHA-256 is computed, then read back from `to` and compared: an object is only counted (and only
 * written to the journal) once the copy is known to be identical. The journal makes the copy
 * resumable: a second run skips what the first verified, if the target still holds it at that
 * size. With `deleteSource`, source objects are removed only after every object was verified.
 */
export async function copyObjects(
  from: ObjectStore,
  to: ObjectStore,
  opts: { tmpDir: string; journal: string; deleteSource?: boolean; onObject?: (key: string, size: number) => void },
): Promise<MoveProgress> {
  const progress: MoveProgress = { copied: 0, alreadyThere: 0, bytes: 0, deleted: 0 };
  fs.mkdirSync(opts.tmpDir, { recursive: true });
  fs.mkdirSync(path.dirname(opts.journal), { recursive: true });
  const done = readJournal(opts.journal);
  const verified: string[] = [];
  for await (const object of from.list()) {
    const previous = done.get(object.key);
    if (previous && previous.size === object.size && (await to.stat(object.key))?.size === object.size) {
      progress.alreadyThere++;
      verified.push(object.key);
      continue;
    }
    const source = await from.get(object.key);
    if (!source) continue; // removed since it was listed
    const temp = path.join(opts.tmpDir, `move-${crypto.randomUUID()}`);
    try {
      const hash = crypto.createHash('sha256');
      await pipeline(
        source.body,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            yield chunk;
          }
        },
        fs.createWriteStream(temp, { flags: 'wx' }),
      );
      const sum = hash.digest('hex');
      // An object may already be there from a run cut short before its journal line: replace it.
      await to.delete(object.key);
      await to.putFile(object.key, temp, source.type);
      const copy = await to.get(object.key);
      if (!copy || (await sha256(copy.body)) !== sum) {
        await to.delete(object.key);
        throw new ChecksumMismatch(object.key);
      }
      fs.appendFileSync(opts.journal, `${object.key} ${object.size} ${sum}\n`);
      verified.push(object.key);
      progress.copied++;
      progress.bytes += object.size;
      opts.onObject?.(object.key, object.size);
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  if (opts.deleteSource) {
    for (const key of verified) {
      await from.delete(key);
      progress.deleted++;
    }
  }
  return progress;
}
