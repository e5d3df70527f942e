import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertKey, typeOfKey, type ByteRange, type ObjectInfo, type ObjectStore, type StoredObject } from './types';

/** A folder on this machine: each key is a file directly in it. */
export class DiskStore implements ObjectStore {
  readonly kind = 'disk' as const;
  constructor(readonly dir: string) {}

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.dir, key);
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(this.dir, { recursive: true });
    try {
      // The temporary folder is on the same disk (DATA_DIR/tmp): a rename, no copy.
      await fs.promises.rename(file, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await this.write(target, (to) => pipeline(fs.createReadStream(file), fs.createWriteStream(to, { flags: 'wx' })));
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    await this.write(this.pathOf(key), (to) => fs.promises.writeFile(to, data, { flag: 'wx' }));
  }

  /** Written beside the target under a dotted name (never served) and renamed: no reader sees half a file. */
  private async write(target: string, writeTo: (file: string) => Promise<void>): Promise<void> {
    const partial = path.join(this.dir, `.${path.basename(target)}.${crypto.randomBytes(4).toString('hex')}.part`);
    try {
      await writeTo(partial);
      await fs.promises.rename(partial, target);
    } catch (err) {
      await fs.promises.rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const { size } = await handle.stat();
    const start = range?.start ?? 0;
    const end = range ? Math.min(range.end, size - 1) : size - 1;
    const body = handle.createReadStream({ start, end: Math.max(end, start - 1), autoClose: true });
    return { body, size, length: Math.max(0, end - start + 1), type: typeOfKey(key) };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const s = await fs.promises.stat(this.pathOf(key)).catch(() => null);
    return s?.isFile() ? { size: s.size } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<ObjectInfo> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      if (name.startsWith('.')) continue;
      const s = await fs.promises.stat(path.join(this.dir, name)).catch(() => null);
      if (s?.isFile()) yield { key: name, size: s.size, modified: s.mtime };
    }
  }
}
