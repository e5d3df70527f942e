import crypto from 'node:crypto';
import type http from 'node:http';
import type pg from 'pg';
import { Server } from 'socket.io';
import { NOTIFICATION_GROUP_OF, SOCKET_EVENTS, SOCKET_PATH, showsNatively, type ClientToServerEvents, type ServerToClientEvents } from '@mahalle/shared';
import type { Role } from '@mahalle/shared';
import type { AppContext } from '../context';
import { SESSION_COOKIE } from '../middlewares/auth';
import { createdConcurrently } from '../db/knex';
import { isPostgres } from '../db/engine';
import { SessionService } from '../services/sessions';
import { toIso } from '../db/time';
import { getNotificationItem, unreadNotificationCount } from '../services/notifications';
import { getMessage, unreadMessageCount } from '../services/messages';
import { getNotificationSettings } from '../services/notification-settings';
import { openReportCount } from '../services/reports';
import { queueEntryOfReport } from '../services/queue-entries';
import { hearsModeration } from '../policies/site';
import { userRole } from '../services/users';
import { suspendedUntil } from '../rules/suspension';

type Emitted = ServerToClientEvents<NonNullable<Awaited<ReturnType<typeof getNotificationItem>>>, NonNullable<Awaited<ReturnType<typeof getMessage>>>>;

interface SocketData {
  userId: number;
  sessionId: string;
  role: string;
  /** When the session ends (ms since epoch): the socket closes then. */
  expiresAt: number;
}

/** Between nodes: a write happened on the sender (see read-cache.ts). */
const DATA_CHANGED = 'mahalle:data-changed';
interface ServerSideEvents {
  [DATA_CHANGED]: () => void;
}

/** setTimeout's longest wait; a longer session is looked at again after it. */
const MAX_TIMER_MS = 2_147_483_647;

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/**
 * @socket.io/postgres-adapter: a broadcast or disconnectSockets is applied to this node's sockets
 * and sent to the other nodes with NOTIFY (payloads over 8 kB go through a table). It gets its
 * own small pool, with the app's connection string, because one connection stays in LISTEN.
 */
async function postgresAdapter(ctx: AppContext) {
  const { databaseUrl, databaseSchema } = ctx.config;
  // Loaded here, by PostgreSQL nodes only: a SQLite node never holds pg or the adapter in its heap.
  const [{ default: pgModule }, { createAdapter }] = await Promise.all([import('pg'), import('@socket.io/postgres-adapter')]);
  const pool = new pgModule.Pool({ connectionString: databaseUrl ?? undefined, max: 3, connectionTimeoutMillis: 10_000 });
  // An idle connection died (pg-pool has dropped it already). Not the error itself: pg-pool hangs the whole client on it.
  pool.on('error', (err) => ctx.logger.warn({ code: (err as { code?: string }).code, message: err.message }, 'realtime: PostgreSQL connection lost'));
  // The table sits next to the app's tables, in the configured schema (tests get one each).
  const tableName = databaseSchema ? `"${databaseSchema}".socket_io_attachments` : 'socket_io_attachments';
  // Created the way the adapter documents it, at boot rather than in a migration: it belongs to
  // the adapter, not to the data model, and holds nothing that outlives a few seconds.
  try {
    await pool.query(`CREATE TABLE IF NOT EXISTS ${tableName} (
      id          bigserial UNIQUE,
      created_at  timestamptz DEFAULT NOW(),
      payload     bytea
    )`);
  } catch (err) {
    if (!createdConcurrently(err)) {
      await pool.end();
      throw err;
    }
  }
  const listener = listenerSafe(pool, ctx);
  const adapter = createAdapter(listener.pool, {
    tableName,
    channelPrefix: channelPrefix(databaseSchema),
    errorHandler: (err) => ctx.logger.warn({ err }, 'realtime: PostgreSQL adapter error'),
  });
  return { adapter, pool, listener };
}

/**
 * The pool as the adapter sees it, with two repairs.
 *
 * The adapter keeps one client checked out for LISTEN, and pg-pool only listens for errors on
 * idle clients: a terminated backend (restart, failover, pg_terminate_backend) emitted an
 * unhandled 'error' and ended the process. The client now has its own listener, and when it
 * ends it goes back to the pool as broken, so the pool forgets it; the adapter sees the 'end',
 * waits 1–3 s and LISTENs again on a new client.
 *
 * The adapter's close() releases the LISTEN client only once its LISTEN has answered: a node
 * closed while the client was still being connected or was LISTENing (right after boot, or
 * while listening again after a lost connection) kept that client for ever, and pool.end()
 * never resolved. `settle()` stops new connections and waits for those in flight (each bounded
 * by connectionTimeoutMillis), so that the adapter's close() finds and releases its client.
 * And pool.end() drops the queries still waiting for a connection, which lost the adapter's
 * goodbye (the other nodes then counted this one for the heartbeat timeout, 10 s): `settle()`
 * also waits for the queries in flight.
 */
function listenerSafe(pool: pg.Pool, ctx: AppContext) {
  let closing = false;
  const inFlight = new Set<Promise<void>>();
  function track<T>(work: Promise<T>): Promise<T> {
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
    return work;
  }
  const facade = {
    // Its NOTIFYs, the attachments it reads and its cleanup (text and values).
    query: (text: string, values?: unknown[]) => track(pool.query(text, values)),
    connect(): Promise<pg.PoolClient> {
      // Closing: a retry of the adapter's waits for ever, holding no connection and scheduling nothing more.
      if (closing) return new Promise<pg.PoolClient>(() => undefined);
      return track(
        pool.connect().then((client) => {
          client.on('error', (err) => ctx.logger.warn({ err }, 'realtime: the LISTEN connection was lost; listening again'));
          // Removed by the adapter's close() (removeAllListeners('end')), which releases the client itself.
          client.once('end', () => client.release(new Error('LISTEN connection ended')));
          // Its LISTENs are followed. Once the client is back in the pool, pg-pool's queries (with a callback) pass through.
          const query: (...args: unknown[]) => unknown = client.query.bind(client);
          return Object.assign(client, {
            query: (...args: unknown[]) => {
              const result = query(...args);
              return result instanceof Promise ? track(result) : result;
            },
          });
        }),
      );
    },
  };
  return {
    pool: facade as unknown as pg.Pool,
    /** No new LISTEN connection from now on; waits for the one being set up (handed to the adapter) and for the queries in flight. */
    async settle() {
      closing = true;
      while (inFlight.size > 0) {
        await Promise.all(inFlight);
        // The adapter's own continuations (the next LISTEN, or keeping the client) run before this.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/**
 * NOTIFY channels are database-wide, so each schema gets its own, or communities (and the
 * tests' parallel servers) sharing a database would hear each other. A channel name has at
 * most 63 bytes; the adapter appends "#/".
 */
function channelPrefix(schema: string | null): string {
  if (!schema) return 'mahalle';
  const readable = `mahalle:${schema}`;
  return Buffer.byteLength(readable) <= 60 ? readable : `mahalle:${crypto.createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

export type Realtime = Awaited<ReturnType<typeof attachRealtime>>;

const userRoom = (id: number) => `user:${id}`;
const sessionRoom = (id: string) => `session:${id}`;
/** Site moderators' and admins' sockets (the site policy's `hearsModeration`). */
const MODERATORS = 'moderators';

/**
 * socket.io at /ws. Who connects is decided by the session (cookie from the browser, or the
 * desktop app's bearer token in the handshake), never by what the client says. Each user's
 * sockets share a room; counts and new items are pushed to that room only.
 * On SQLite (one node by nature) rooms live in this node's memory. On PostgreSQL every node
 * joins the others through the database (see postgresAdapter), so an emit or a
 * disconnectSockets on one node reaches the room's sockets on all of them.
 */
export async function attachRealtime(ctx: AppContext, httpServer: http.Server) {
  const sessions = new SessionService(ctx.db, ctx.config.sessionSecret);
  const allowed = new Set(ctx.config.allowedOrigins);
  const shared = isPostgres(ctx.db) ? await postgresAdapter(ctx) : null;
  const io = new Server<ClientToServerEvents, Emitted, ServerSideEvents, SocketData>(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    ...(shared ? { adapter: shared.adapter } : {}),
    allowRequest: (req, callback) => {
      // Same rule as the HTTP guard: a browser page from another site may not ride the cookie.
      const origin = req.headers.origin;
      // "null" is the desktop app's file:// page, but also any sandboxed frame or data: page:
      // let it through here, and the session check below accepts it only with the desktop token.
      if (!origin || origin === 'null' || allowed.has(origin)) return callback(null, true);
      try {
        callback(null, new URL(origin).host === req.headers.host);
      } catch {
        callback(null, false);
      }
    },
  });

  io.use(async (socket, next) => {
    try {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const nullOrigin = socket.handshake.headers.origin === 'null';
      // A null origin never rides the browser's cookie: it must bring the desktop app's bearer token.
      const token = typeof auth?.token === 'string' ? auth.token : nullOrigin ? null : cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
      const found = token ? await sessions.find(token) : null;
      const session = found && (!nullOrigin || found.kind === 'bearer') ? found : null;
      const user = session ? await userRole(ctx.db, session.user_id) : null;
      // A suspended member's sessions were ended; this refuses any that a race left behind.
      if (!session || !user || suspendedUntil(user, ctx.now?.() ?? new Date())) return next(new Error('unauthorized'));
      socket.data = { userId: user.id, sessionId: session.id, role: user.role, expiresAt: new Date(toIso(session.expires_at)).getTime() };
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  async function pushCounts(userId: number, which: { notifications?: boolean; messages?: boolean } = { notifications: true, messages: true }) {
    try {
      if (which.notifications) io.to(userRoom(userId)).emit(SOCKET_EVENTS.notificationCount, { count: await unreadNotificationCount(ctx.db, userId) });
      if (which.messages) io.to(userRoom(userId)).emit(SOCKET_EVENTS.messageCount, { count: await unreadMessageCount(ctx.db, userId) });
    } catch (err) {
      ctx.logger.warn({ err }, 'realtime: could not push counts');
    }
  }

  async function pushReportCount() {
    try {
      io.to(MODERATORS).emit(SOCKET_EVENTS.reportCount, { count: await openReportCount(ctx.db) });
    } catch (err) {
      ctx.logger.warn({ err }, 'realtime: could not push the report count');
    }
  }

  io.on('connection', (socket) => {
    // The handshake (its headers included) was read by the session check above and is kept in socket.handshake; the
    // upgrade request itself, with its parser state and raw headers, is not kept for the socket's life (socket.io's
    // "Memory usage" page): a kilobyte or two for each of a thousand live sockets.
    (socket.conn as { request: unknown }).request = null;
    const data = socket.data;
    // A socket lives no longer than its session: at the session's end it is closed (the
    // client may reconnect, and will be refused without a valid session).
    let timer: NodeJS.Timeout;
    const watch = (until: number) => {
      timer = setTimeout(
        () => {
          if (Date.now() >= until) socket.disconnect(true);
          else watch(until);
        },
        Math.max(0, Math.min(until - Date.now(), MAX_TIMER_MS)),
      );
    };
    watch(data.expiresAt);
    socket.on('disconnect', () => clearTimeout(timer));
    void socket.join([
      userRoom(data.userId),
      sessionRoom(data.sessionId),
      ...(hearsModeration({ id: data.userId, role: data.role as Role }) ? [MODERATORS] : []),
    ]);
    void (async () => {
      socket.emit(SOCKET_EVENTS.notificationCount, { count: await unreadNotificationCount(ctx.db, data.userId) });
      socket.emit(SOCKET_EVENTS.messageCount, { count: await unreadMessageCount(ctx.db, data.userId) });
      if (hearsModeration({ id: data.userId, role: data.role as Role })) {
        socket.emit(SOCKET_EVENTS.reportCount, { count: await openReportCount(ctx.db) });
      }
    })().catch((err) => ctx.logger.warn({ err }, 'realtime: initial counts failed'));
  });

  const off = [
    // The list's row it belongs to: a like joining '12 kişi gönderinizi beğendi' pushes that row (13 now), not a 13th.
    ctx.bus.on('notification:created', async ({ userId, notificationId }) => {
      const [notification, prefs] = await Promise.all([
        getNotificationItem(ctx.db, notificationId).catch(() => null),
        getNotificationSettings(ctx.db, userId).catch(() => null),
      ]);
      if (notification) {
        const showNative = prefs ? showsNatively(prefs, NOTIFICATION_GROUP_OF[notification.type], ctx.now?.() ?? new Date()) : true;
        io.to(userRoom(userId)).emit(SOCKET_EVENTS.newNotification, { notification, showNative });
      }
      await pushCounts(userId, { notifications: true });
    }),
    ctx.bus.on('notifications:changed', ({ userId }) => void pushCounts(userId, { notifications: true })),
    ctx.bus.on('message:created', async ({ messageId, senderId, receiverId }) => {
      const [message, prefs] = await Promise.all([
        getMessage(ctx.db, messageId).catch(() => null),
        getNotificationSettings(ctx.db, receiverId).catch(() => null),
      ]);
      if (message) {
        const showNative = prefs ? showsNatively(prefs, 'messages', ctx.now?.() ?? new Date()) : true;
        io.to(userRoom(receiverId)).emit(SOCKET_EVENTS.newMessage, { message, showNative });
        if (senderId !== receiverId) io.to(userRoom(senderId)).emit(SOCKET_EVENTS.newMessage, { message, showNative: false });
      }
      await pushCounts(receiverId, { messages: true });
    }),
    ctx.bus.on('messages:changed', ({ userId }) => void pushCounts(userId, { messages: true })),
    ctx.bus.on('session:ended', ({ sessionId }) => {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    }),
    ctx.bus.on('user:role_changed', ({ userId, role }) => {
      if (hearsModeration({ id: userId, role })) io.in(userRoom(userId)).socketsJoin(MODERATORS);
      else io.in(userRoom(userId)).socketsLeave(MODERATORS);
    }),
    ctx.bus.on('user:deleted', ({ userId }) => {
      io.in(userRoom(userId)).disconnectSockets(true);
    }),
    ctx.bus.on('report:created', ({ reportId }) => {
      io.to(MODERATORS).emit(SOCKET_EVENTS.reportCreated, { reportId });
      void pushReportCount();
      void (async () => {
        const entryId = await queueEntryOfReport(ctx.db, reportId);
        if (entryId !== null) io.to(MODERATORS).emit(SOCKET_EVENTS.queueChanged, { change: 'created', entryIds: [entryId], by: null });
      })().catch((err) => ctx.logger.warn({ err }, 'realtime: could not announce the queue entry'));
    }),
    ctx.bus.on('reports:changed', () => void pushReportCount()),
    ctx.bus.on('queue:changed', (payload) => {
      io.to(MODERATORS).emit(SOCKET_EVENTS.queueChanged, payload);
    }),
    // A write here empties the other nodes' read caches (sessions, hot lists) too.
    ctx.bus.on('data:changed', ({ settled, remote }) => {
      if (shared && settled && !remote) io.serverSideEmit(DATA_CHANGED);
    }),
  ];
  if (shared) io.on(DATA_CHANGED, () => ctx.bus.emit('data:changed', { settled: true, remote: true }));

  let closed = false;
  if (ctx.live) {
    ctx.live.socketCount = () => io.engine.clientsCount;
    ctx.live.checkRealtime = async () => {
      if (closed) throw new Error('socket server closed');
      // PostgreSQL: the adapter's own pool reaches the database (its LISTEN connection comes from it).
      if (shared) await shared.pool.query('select 1');
    };
  }

  return {
    io,
    /** A graceful stop begins: every client is told to reconnect (elsewhere), then its socket is closed. */
    announceShutdown() {
      io.local.emit(SOCKET_EVENTS.serverShutdown, { reconnectAfterMs: 1000 });
      io.local.disconnectSockets(true);
    },
    async close() {
      closed = true;
      off.forEach((f) => f());
      // This node's sockets only: io.disconnectSockets() would reach every node's through the adapter.
      io.local.disconnectSockets(true);
      await shared?.listener.settle();
      // io.close() without its last step (closing the HTTP server, which server.ts does, gracefully): adapters, then the engine.
      await Promise.allSettled([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
      io.engine.close();
      // Closing the adapter released its LISTEN connection and said goodbye (a NOTIFY): sent before the pool ends.
      await shared?.listener.settle();
      await shared?.pool.end();
    },
  };
}
