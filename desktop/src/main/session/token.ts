import type { ElectronAdapter } from '../adapter';
import type { SettingsStore } from '../settings/store';

/** The session token lives encrypted by the OS keychain (safeStorage); never in plain text. */
export class TokenVault {
  constructor(
    private adapter: Pick<ElectronAdapter, 'encryptString' | 'decryptString'>,
    private store: SettingsStore,
  ) {}
  get(): string | null {
    const stored = this.store.get('sessionToken');
    if (!stored) return null;
    return this.adapter.decryptString(Buffer.from(stored, 'base64'));
  }
  set(token: string | null): void {
    if (!token) return this.store.set('sessionToken', null);
    const encrypted = this.adapter.encryptString(token);
    // Without OS encryption we keep no token: the person signs in again next time.
    this.store.set('sessionToken', encrypted ? encrypted.toString('base64') : null);
  }
}
