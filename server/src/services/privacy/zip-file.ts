import fs from 'node:fs';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';

/** fflate's streaming ZIP written to a file, waiting for the disk whenever its buffer is full. */
export class ZipFile {
  private readonly out: fs.WriteStream;
  private readonly zip: Zip;
  private failure: Error | null = null;
  private readonly done: Promise<void>;
  private readonly files = new Set<string>();

  constructor(file: string) {
    this.out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
    this.done = new Promise((resolve, reject) => {
      this.out.once('finish', resolve);
      this.out.once('error', reject);
    });
    this.done.catch(() => undefined);
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure = err;
        return;
      }
      this.out.write(chunk);
      if (final) this.out.end();
    });
  }

  private async drain() {
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  has(name: string) {
    return this.files.has(name);
  }

  async text(name: string, text: string) {
    const f = new ZipDeflate(name, { level: 6 });
    this.zip.add(f);
    f.push(strToU8(text), true);
    await this.drain();
  }

  async json(name: string, value: unknown) {
    await this.text(name, JSON.stringify(value, null, 2));
  }

  /** A JSON array written page by page. */
  async jsonArray<R>(name: string, pages: AsyncIterable<R[]>) {
    const f = new ZipDeflate(name, { level: 6 });
    this.zip.add(f);
    let count = 0;
    f.push(strToU8('['));
    for await (const rows of pages) {
      let text = '';
      for (const row of rows) text += `${count++ === 0 ? '' : ','}\n  ${JSON.stringify(row)}`;
      f.push(strToU8(text));
      await this.drain();
    }
    f.push(strToU8(count ? '\n]\n' : ']\n'), true);
    await this.drain();
  }

  /** A stored file, read in chunks; images are compressed already, so they are stored as they are. */
  async file(name: string, source: string | AsyncIterable<Uint8Array>) {
    this.files.add(name);
    const f = new ZipPassThrough(name);
    this.zip.add(f);
    for await (const chunk of typeof source === 'string' ? fs.createReadStream(source) : source) {
      f.push(chunk as Uint8Array);
      await this.drain();
    }
    f.push(new Uint8Array(0), true);
    await this.drain();
  }

  async close() {
    this.zip.end();
    await this.done;
    if (this.failure) throw this.failure;
  }

  async abort() {
    this.zip.terminate();
    this.out.destroy();
  }
}
