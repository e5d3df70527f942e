import fs from 'node:fs';
import path from 'node:path';
import type { Bounds } from '../adapter';

export interface Settings {
  serverUrl: string | null;
  /** safeStorage-encrypted session token, base64. */
  sessionToken: string | null;
  bounds: Bounds | null;
}

const DEFAULTS: Settings = { serverUrl: null, sessionToken: null, bounds: null };

/** Settings kept as JSON in the app's userData folder; written atomically (temp file, then rename). */
export class SettingsStore {
  private file: string;
  private data: Settings;
  constructor(dir: string) {
    this.file = path.join(dir, 'settings.json');
    this.data = { ...DEFAULTS };
    try {
      this.data = { ...DEFAULTS, ...JSON.parse(fs.readFileSync(this.file, 'utf8')) };
    } catch {
      /* first run or unreadable: defaults */
    }
  }
  get<K extends keyof Settings>(key: K): Settings[K] {
    return this.data[key];
  }
  set<K extends keyof Settings>(key: K, value: Settings[K]): void {
    this.data[key] = value;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.data, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }
}
