import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Config } from './config';
import type { Logger } from './logger';

/** Things that happened, for side effects that live elsewhere (the socket, the desktop badge...). */
export interface DomainEvents {
  'session:ended': { sessionId: string; userId: number };
  'user:deleted': { userId: number };
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
}
