import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { LIMITS } from '@mahalle/shared';
import { nowIso, toIso } from '../db/time';

export interface SessionRow {
  id: string;
  user_id: number;
  kind: string;
  expires_at: unknown;
}

export interface NewSession {
  token: string;
  id: string;
  expiresAt: Date;
}

/**
 * Sessions are rows, so they survive restarts and serve many server nodes. The client holds
 * a random token; the row is keyed by an HMAC of it with SESSION_SECRET, so a copy of the
 * database alone cannot be replayed as cookies.
 */
export class SessionService {
  constructor(
    private db: Knex,
    private secret: string,
  ) {}

  sessionId(token: string): string {
    return crypto.createHmac('sha256', this.secret).update(token).digest('hex');
  }

  async create(
    userId: number,
    opts: { remember: boolean; kind?: 'cookie' | 'bearer'; userAgent?: string; ip?: string },
    trx: Knex | Knex.Transaction = this.db,
  ): Promise<NewSession> {
    const token = crypto.randomBytes(32).toString('base64url');
    const id = this.sessionId(token);
    const ttlMs = opts.remember ? LIMITS.sessionDaysRemember * 24 * 3600 * 1000 : LIMITS.sessionHoursDefault * 3600 * 1000;
    const expiresAt = new Date(Date.now() + ttlMs);
    await trx('sessions').insert({
      id,
      user_id: userId,
      kind: opts.kind ?? 'cookie',
      expires_at: expiresAt.toISOString(),
      last_seen_at: nowIso(),
      user_agent: opts.userAgent?.slice(0, 300) ?? null,
      ip: opts.ip?.slice(0, 64) ?? null,
      created_at: nowIso(),
    });
    return { token, id, expiresAt };
  }

  /** The live session for a token, or null (expired rows are removed on sight). */
  async find(token: string): Promise<SessionRow | null> {
    if (!token || token.length > 200) return null;
    const id = this.sessionId(token);
    const row = (await this.db('sessions').where({ id }).first()) as SessionRow | undefined;
    if (!row) return null;
    if (new Date(toIso(row.expires_at)).getTime() <= Date.now()) {
      await this.db('sessions').where({ id }).delete();
      return null;
    }
    return row;
  }

  /**
   * The live session for a token and its member's row, in one query (a read per signed-in request
   * whose session is not in memory); null without either (an expired row is removed on sight).
   */
  async findWithUser<U extends { id: number }>(token: string): Promise<{ session: SessionRow; user: U } | null> {
    if (!token || token.length > 200) return null;
    const id = this.sessionId(token);
    const row = (await this.db('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .where('s.id', id)
      .first('u.*', 's.kind as session_kind__', 's.expires_at as session_expires_at__')) as
      (U & { session_kind__: string; session_expires_at__: unknown }) | undefined;
    if (!row) return null;
    const { session_kind__: kind, session_expires_at__: expiresAt, ...user } = row;
    if (new Date(toIso(expiresAt)).getTime() <= Date.now()) {
      await this.db('sessions').where({ id }).delete();
      return null;
    }
    return { session: { id, user_id: user.id, kind, expires_at: expiresAt }, user: user as unknown as U };
  }

  async destroy(id: string): Promise<void> {
    await this.db('sessions').where({ id }).delete();
  }

  async destroyAllForUser(userId: number, trx: Knex | Knex.Transaction = this.db): Promise<string[]> {
    const rows = await trx('sessions').where({ user_id: userId }).select('id');
    await trx('sessions').where({ user_id: userId }).delete();
    return rows.map((r: { id: string }) => r.id);
  }

  async purgeExpired(): Promise<number> {
    return this.db('sessions').where('expires_at', '<=', nowIso()).delete();
  }
}
