import type { QueueChangedPayload, Role } from '@mahalle/shared';
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Config } from './config';
import type { Logger } from './logger';
import type { PasswordHasher } from './services/passwords';
import type { Mailer } from './services/mail';

/** Things that happened, for side effects that live elsewhere (the socket, the desktop badge...). */
export interface DomainEvents {
  'session:ended': { sessionId: string; userId: number };
  'user:deleted': { userId: number };
  /** An admin changed someone's role: their open sockets join or leave the admins' room. */
  'user:role_changed': { userId: number; role: Role };
  /** Emit after the transaction that wrote the notification has committed. */
  'notification:created': { userId: number; notificationId: number };
  /** Read, read-all or delete changed a user's notifications (counts must be pushed). */
  'notifications:changed': { userId: number };
  'message:created': { messageId: number; senderId: number; receiverId: number };
  /** Mail was queued outside a notification (the weekly digest): the `deliveries` job drains at once. */
  'delivery:queued': { count: number };
  'messages:changed': { userId: number };
  'report:created': { reportId: number };
  /** The review queue changed: an entry was claimed, released, decided or undone (new entries: report:created). */
  'queue:changed': QueueChangedPayload;
  /** Reports were resolved or dismissed. */
  'reports:changed': Record<string, never>;
  /** A member asked for a data export: the `privacy` job (jobs/index.ts) runs at once. */
  'privacy:work': Record<string, never>;
  /**
   * A request that may write began (settled: false) or ended (settled: true), here or on another
   * node (remote): in-memory read caches forget what they hold (read-cache.ts).
   */
  'data:changed': { settled: boolean; remote: boolean };
}

export class DomainBus {
  private emitter = new EventEmitter();
  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }
  on<K extends keyof DomainEvents>(name: K, handler: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, handler);
    return () => this.emitter.off(name, handler);
  }
}

/** Everything a route or service needs, built once at boot and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Knex;
  logger: Logger;
  bus: DomainBus;
  /** scrypt in worker threads, off the thread pool the database driver uses. */
  passwords: PasswordHasher;
  /** Outgoing e-mail; absent or not `configured` without SMTP_URL (tools that build a context need none). */
  mailer?: Mailer;
  /** The clock for time-of-day rules (quiet hours); tests set it instead of waiting. */
  now?: () => Date;
  /** What the running server knows about itself, for /api/ready, /metrics and a graceful stop (server.ts fills it). */
  live?: LiveState;
}

export interface LiveState {
  /** Set on SIGTERM/SIGINT: readiness fails and answers ask clients to close their connection. */
  shuttingDown: boolean;
  /** Requests being answered now. */
  inFlight: number;
  /** Throws when the socket adapter cannot deliver (its database connection on PostgreSQL). */
  checkRealtime?: () => Promise<void>;
  socketCount?: () => number;
  /** Where this node answers itself (the server's renderer of visitors' pages asks the API there, ssr/pages.ts). */
  selfUrl?: string;
  /** Stopped with the server, after the requests in flight (server.ts's close). */
  onClose?: (() => Promise<void>)[];
}
