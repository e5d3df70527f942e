import type { Knex } from 'knex';
import { presentMessage, type MessageRow, type PersonRow } from '../presenters/messages';
import { TEXTS, type Conversation, type CursorPageQuery, type Message } from '@mahalle/shared';
import type { Page } from '@mahalle/shared/contract';
import { decodeTuple, idPage } from '../db/keyset';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { nowIso } from '../db/time';
import { presentAuthor, type UserRow } from '../presenters/users';
import { userById } from './users/lookup';
import { blockedEitherWay } from './blocks';
import { authorize, notFound } from '../policies/decision';
import * as policy from '../policies/users';
import * as messagePolicy from '../policies/messages';
import { refuseBlockedText } from './watched-words';
import { queueMessageDeliveries } from './delivery/enqueue';
import { getNotificationSettings } from './notification-settings';

const S = TEXTS.social;
type Db = Knex | Knex.Transaction;

async function peopleById(db: Db, ids: number[]): Promise<Map<number, PersonRow>> {
  const rows = ids.length
    ? await db('users')
        .whereIn('id', [...new Set(ids)])
        .select('id', 'username', 'display_name', 'profile_image', 'profile_image_thumb', 'role')
    : [];
  return new Map(rows.map((r: PersonRow) => [r.id, r]));
}

export async function presentMessages(db: Db, rows: MessageRow[]) {
  const people = await peopleById(
    db,
    rows.flatMap((m) => [m.sender_id, m.receiver_id]),
  );
  return rows.map((m) => presentMessage(m, people));
}

export async function getMessage(db: Db, id: number) {
  const row = (await db('messages').where({ id }).first()) as MessageRow | undefined;
  return row ? (await presentMessages(db, [row]))[0] : null;
}

function pair(a: number, b: number) {
  return a < b ? { user_low_id: a, user_high_id: b } : { user_low_id: b, user_high_id: a };
}

export async function sendMessage(ctx: AppContext, me: UserRow, input: { receiverId: number; content: string; messageType: string }) {
  if (input.receiverId === me.id) throw errors.badRequest(S.cannotMessageSelf, 'cannot_message_self');
  // Messages are private: only a blocking word refuses one, nothing is held or queued.
  await refuseBlockedText(ctx.db, [input.content]);
  const id = await ctx.db.transaction(async (trx) => {
    await userById(trx, input.receiverId);
    // Neither a new conversation nor a message in an existing one across a block (either way).
    authorize(policy.canMessage(me, { blocked: await blockedEitherWay(trx, me.id, input.receiverId) }));
    const key = pair(me.id, input.receiverId);
    let conversation = await trx('conversations').where(key).first('id');
    const now = nowIso();
    if (!conversation) {
      const [row] = await trx('conversations')
        .insert({ ...key, created_at: now, updated_at: now })
        .returning('id');
      conversation = { id: typeof row === 'object' ? row.id : row };
    }
    const [row] = await trx('messages')
      .insert({
        conversation_id: conversation.id,
        sender_id: me.id,
        receiver_id: input.receiverId,
        content: input.content,
        message_type: input.messageType,
        created_at: now,
      })
      .returning('id');
    const messageId = (typeof row === 'object' ? row.id : row) as number;
    await trx('conversations').where({ id: conversation.id }).update({ last_message_id: messageId, updated_at: now });
    // The receiver's push and e-mail, by their preferences, in the same transaction.
    await queueMessageDeliveries(
      trx,
      { receiverId: input.receiverId, senderId: me.id, senderName: me.display_name || me.username, content: input.content },
      await getNotificationSettings(trx, input.receiverId),
      ctx.now?.() ?? new Date(),
    );
    return messageId;
  });
  ctx.bus.emit('message:created', { messageId: id, senderId: me.id, receiverId: input.receiverId });
  const message = await getMessage(ctx.db, id);
  if (!message) throw errors.notFound(S.messageNotFound);
  return message;
}

/** Conversations newest first: the other person, the last message and my unread count in it. */
export async function listConversations(db: Knex, me: UserRow, page: CursorPageQuery): Promise<Page<Conversation>> {
  const q = db('conversations')
    .where((w) => w.where('user_low_id', me.id).orWhere('user_high_id', me.id))
    .whereNotNull('last_message_id')
    .select('id', 'user_low_id', 'user_high_id', 'last_message_id');
  const { rows: conversations, nextCursor } = await idPage<{ id: number; user_low_id: number; user_high_id: number; last_message_id: number }>(q, {
    column: 'last_message_id',
    valueOf: (c) => c.last_message_id,
    cursor: page.cursor,
    limit: page.limit,
  });
  if (conversations.length === 0) return { items: [], nextCursor };
  const lastMessages = (await db('messages').whereIn(
    'id',
    conversations.map((c) => c.last_message_id),
  )) as MessageRow[];
  const presented = new Map((await presentMessages(db, lastMessages)).map((m) => [m.id, m]));
  const otherOf = (c: { user_low_id: number; user_high_id: number }) => (c.user_low_id === me.id ? c.user_high_id : c.user_low_id);
  const people = await peopleById(db, conversations.map(otherOf));
  const unread: { conversation_id: number; n: number | string }[] = await db('messages')
    .where({ receiver_id: me.id, is_read: false })
    .whereIn(
      'conversation_id',
      conversations.map((c) => c.id),
    )
    .select('conversation_id')
    .count({ n: '*' })
    .groupBy('conversation_id');
  const unreadMap = new Map(unread.map((u) => [u.conversation_id, Number(u.n)]));
  const items = conversations.map((c) => ({
    id: c.id,
    otherUser: presentAuthor(people.get(otherOf(c))),
    lastMessage: presented.get(c.last_message_id) ?? null,
    unreadCount: unreadMap.get(c.id) ?? 0,
  }));
  return { items, nextCursor };
}

/** Both directions, oldest first within the page; the cursor pages back in time. */
export async function conversationWith(db: Knex, me: UserRow, otherId: number, page: CursorPageQuery): Promise<Page<Message>> {
  await userById(db, otherId);
  const conversation = await db('conversations').where(pair(me.id, otherId)).first('id');
  if (!conversation) {
    decodeTuple(page.cursor, ['int']); // a bad cursor is 400 even when there is nothing to page
    return { items: [], nextCursor: null };
  }
  const q = db('messages').where({ conversation_id: conversation.id });
  const { rows, nextCursor } = await idPage<MessageRow>(q, { column: 'id', valueOf: (r) => r.id, cursor: page.cursor, limit: page.limit });
  return { items: await presentMessages(db, rows.reverse()), nextCursor };
}

export async function markRead(ctx: AppContext, me: UserRow, id: number) {
  const message = await ctx.db('messages').where({ id }).first();
  if (!message) throw notFound('message');
  authorize(messagePolicy.canMarkRead(me, { senderId: message.sender_id, receiverId: message.receiver_id }));
  await ctx.db('messages').where({ id }).update({ is_read: true });
  ctx.bus.emit('messages:changed', { userId: me.id });
}

export async function markConversationRead(ctx: AppContext, me: UserRow, otherId: number) {
  const updated = await ctx.db('messages').where({ receiver_id: me.id, sender_id: otherId, is_read: false }).update({ is_read: true });
  ctx.bus.emit('messages:changed', { userId: me.id });
  return updated;
}

/** Only the sender deletes; the conversation keeps pointing at its newest remaining message. */
export async function deleteMessage(ctx: AppContext, me: UserRow, id: number) {
  const receiverId = await ctx.db.transaction(async (trx) => {
    const message = await trx('messages').where({ id }).first();
    if (!message) throw notFound('message');
    authorize(messagePolicy.canDelete(me, { senderId: message.sender_id, receiverId: message.receiver_id }));
    await trx('messages').where({ id }).delete();
    const latest = await trx('messages').where({ conversation_id: message.conversation_id }).max({ id: 'id' }).first();
    await trx('conversations')
      .where({ id: message.conversation_id })
      .update({ last_message_id: latest?.id ?? null });
    return message.receiver_id as number;
  });
  ctx.bus.emit('messages:changed', { userId: receiverId });
  ctx.bus.emit('messages:changed', { userId: me.id });
}

export async function unreadMessageCount(db: Knex, userId: number): Promise<number> {
  const [row] = await db('messages').where({ receiver_id: userId, is_read: false }).count({ n: '*' });
  return Number(row?.n ?? 0);
}
