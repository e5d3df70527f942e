import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export interface FileEntry {
  /** Relative to its root, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under root (recursively), sorted; a missing root has none. */
export async function walkFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string, rel: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), childRel);
      else if (e.isFile()) out.push(childRel);
    }
  }
  await walk(root, '');
  return out.sort();
}

/** Size and hash of each file under root; a file removed meanwhile is left out. */
export async function describeFiles(root: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for (const rel of await walkFiles(root)) {
    const full = path.join(root, rel);
    try {
      const stat = await fs.promises.stat(full);
      entries.push({ path: rel, bytes: stat.size, sha256: await sha256File(full) });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return entries;
}
