import type { Knex } from 'knex';
import { foldKey, TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { nowIso } from '../../db/time';
import { AUTHOR_COLUMNS, parseJsonArray, type UserRow } from '../../presenters/users';
import { audit } from '../audit';
import { presentAnswer, presentQuestion, type AnswerRow, type QuestionRow } from '../../presenters/questions';
import { deleteComment } from '../engagement/comments';
import { announceNotifications, createNotification } from '../notifications';
import { lockRow } from '../../db/locks';
import { decodeTuple, encodeTuple, whereRowAfter } from '../../db/keyset';
import { indexRows } from '../../db/search/sources';
import { whereMatches } from '../../db/search/query';
import { blockedEitherWay, flagBlocked } from '../blocks';
import { authorize, notFound } from '../../policies/decision';
import * as policy from '../../policies/questions';
import { censorContent, fileWatchedWordReport, screenText } from '../watched-words';
import { heldColumns, shownOrOwnHeld } from '../held-items';

/** What the questions policy needs about a question or an answer for one actor: its author and a block between them. */
async function authoredContext(db: Db, me: UserRow, authorId: number | null): Promise<policy.QuestionContext> {
  return { authorId, blocked: authorId !== null && (await blockedEitherWay(db, me.id, authorId)) };
}

const Q = TEXTS.community;
type Db = Knex | Knex.Transaction;

async function presentQuestions(db: Db, rows: QuestionRow[], viewerId: number | null) {
  const voted = new Set<number>();
  if (viewerId && rows.length) {
    for (const v of await db('question_votes')
      .whereIn(
        'question_id',
        rows.map((r) => r.id),
      )
      .andWhere({ user_id: viewerId })
      .select('question_id'))
      voted.add(v.question_id);
  }
  return rows.map((r) => presentQuestion(r, voted.has(r.id)));
}

function questionsQuery(db: Db) {
  return db('questions as q')
    .leftJoin('users as u', 'u.id', 'q.author_id')
    .select('q.*', ...AUTHOR_COLUMNS);
}

/** Q&A list: 10 a page as the screen pages it, with the total for the pager. */
/**
 * Ten to a page by keyset: `cursor` is the sort tuple of the row next to the page asked for,
 * `dir` says on which side (next: after it, prev: before it), so the list pages forwards and back
 * through the (upvotes, views, id) or id index without OFFSET. `page` is the client's own page
 * number, echoed. The total is counted on the first page only (no cursor), never per deep page.
 */
export async function listQuestions(
  db: Knex,
  q: { search?: string; category?: string; page: number; pageSize: number; sort?: 'latest' | 'popular'; cursor?: string; dir?: 'next' | 'prev' },
  viewerId: number | null,
) {
  const filter = (query: Knex.QueryBuilder) => {
    // Shown questions, and the viewer's own ones held for approval (marked pending by the presenter).
    shownOrOwnHeld(query, 'q', viewerId);
    if (q.search) whereMatches(db, query, 'q.id', ['question'], q.search);
    if (q.category) query.where('q.category', q.category);
    return query;
  };
  const columns = q.sort === 'popular' ? ['q.upvotes', 'q.views', 'q.id'] : ['q.id'];
  const keys: ('upvotes' | 'views' | 'id')[] = q.sort === 'popular' ? ['upvotes', 'views', 'id'] : ['id'];
  const at = decodeTuple<number[]>(
    q.cursor,
    columns.map(() => 'int' as const),
  );
  const back = Boolean(at) && q.dir === 'prev';
  const query = filter(questionsQuery(db));
  if (at) whereRowAfter(query, columns, back ? '>' : '<', at);
  const found: QuestionRow[] = await query.orderBy(columns.map((column) => ({ column, order: back ? 'asc' : 'desc' }))).limit(q.pageSize + 1);
  const more = found.length > q.pageSize;
  const rows = found.slice(0, q.pageSize);
  if (back) rows.reverse();
  const tuple = (r: QuestionRow | undefined) => (r ? encodeTuple(keys.map((k) => Number(r[k]))) : null);
  const total = at ? null : Number((await filter(db('questions as q')).count({ n: '*' }))[0]?.n ?? 0);
  return {
    items: await flagBlocked(db, viewerId, await presentQuestions(db, rows, viewerId)),
    total,
    page: at ? q.page : 1,
    pageSize: q.pageSize,
    nextCursor: (back ? rows.length > 0 : more) ? tuple(rows.at(-1)) : null,
    prevCursor: (back ? more : Boolean(at)) ? tuple(rows[0]) : null,
  };
}

/**
 * One question, for whoever the questions policy lets see it: a hidden or held one only for its
 * author and the site's moderators (404 to anyone else, as a missing one). A view is counted only
 * of a shown question.
 */
export async function getQuestion(db: Db, id: number, viewer: UserRow | null | undefined, countView = false) {
  const row: QuestionRow | undefined = await questionsQuery(db).where('q.id', id).first();
  if (!row) throw errors.notFound(Q.questionNotFound, 'question_not_found');
  authorize(policy.canView(viewer, { authorId: row.author_id, isHidden: Boolean(row.is_hidden) }));
  if (countView && !row.is_hidden) {
    await countQuestionView(db, id);
    row.views = Number(row.views) + 1;
  }
  const [question] = await flagBlocked(db, viewer?.id ?? null, await presentQuestions(db, [row], viewer?.id ?? null));
  if (!question) throw errors.notFound(Q.questionNotFound, 'question_not_found');
  return question;
}

/** A visitor shown the question's page drawn by the server (ssr/pages.ts): the view its own fetch would have counted. */
export async function countQuestionView(db: Db, id: number): Promise<void> {
  await db('questions').where({ id, is_hidden: false }).increment('views', 1);
}

/** What the questions policy needs about a question for one actor, with whether it is hidden. */
async function questionContext(db: Db, me: UserRow, question: { author_id: number | null; is_hidden: boolean | number }) {
  return { ...(await authoredContext(db, me, question.author_id)), isHidden: Boolean(question.is_hidden) };
}

/**
 * A new question. A blocking word refuses it; one that holds it saves it hidden and pending
 * (services/held-items), shown to its author marked 'Onay bekliyor' and queued for approval; a
 * flagging word saves it shown and queued.
 */
export async function createQuestion(ctx: AppContext, me: UserRow, input: { title: string; content: string; category: string; tags: string[] }) {
  const { db } = ctx;
  const screened = await screenText(db, [input.title, input.content, ...input.tags]);
  const held = screened === 'require_approval';
  let reportId: number | null = null;
  const now = nowIso();
  const id = await db.transaction(async (trx) => {
    const [row] = await trx('questions')
      .insert({
        author_id: me.id,
        title: input.title,
        content: input.content,
        category: input.category,
        tags: JSON.stringify(input.tags),
        search_text: foldKey(`${input.title} ${input.content}`),
        ...heldColumns(held),
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const questionId = Number(typeof row === 'object' ? row.id : row);
    await indexRows(trx, 'question', [questionId]);
    if (screened === 'require_approval' || screened === 'flag') {
      reportId = await fileWatchedWordReport(trx, { type: 'question', id: questionId, authorId: me.id }, screened);
    }
    return questionId;
  });
  if (reportId !== null) ctx.bus.emit('report:created', { reportId });
  return getQuestion(db, id, me);
}

export async function updateQuestion(db: Knex, admin: UserRow, id: number, input: { title?: string; content?: string; category?: string; tags?: string[] }) {
  authorize(policy.canModerate(admin));
  await db.transaction(async (trx) => {
    const before = await trx('questions').where({ id }).first();
    if (!before) throw errors.notFound(Q.questionNotFound, 'question_not_found');
    const title = input.title ?? before.title;
    const content = input.content ?? before.content;
    const patch = {
      title,
      content,
      category: input.category ?? before.category,
      tags: input.tags ? JSON.stringify(input.tags) : before.tags,
      search_text: foldKey(`${title} ${content}`),
      updated_at: nowIso(),
    };
    await trx('questions').where({ id }).update(patch);
    await indexRows(trx, 'question', [id]);
    await audit(
      trx,
      admin,
      'question.update',
      { type: 'question', id },
      {
        before: { title: before.title, content: before.content, category: before.category, tags: parseJsonArray(before.tags) },
        after: { title: patch.title, content: patch.content, category: patch.category, tags: parseJsonArray(patch.tags) },
      },
    );
  });
  return getQuestion(db, id, admin);
}

/** Admins only: the question and all its answers. */
export async function deleteQuestion(db: Knex, admin: UserRow, id: number) {
  authorize(policy.canModerate(admin));
  await db.transaction(async (trx) => {
    const before = await trx('questions').where({ id }).first('id', 'title', 'author_id', 'answers_count');
    if (!before) throw errors.notFound(Q.questionNotFound, 'question_not_found');
    await trx('questions').where({ id }).delete();
    await audit(trx, admin, 'question.delete', { type: 'question', id }, { before });
  });
}

export async function toggleQuestionVote(db: Knex, me: UserRow, id: number) {
  return db.transaction(async (trx) => {
    await lockRow(trx, 'questions', id);
    const question = await trx('questions').where({ id }).first('id', 'author_id', 'is_hidden');
    if (!question) throw notFound('question');
    const existing = await trx('question_votes').where({ question_id: id, user_id: me.id }).first('user_id');
    authorize(policy.canVote(me, await questionContext(trx, me, question), !existing));
    if (existing) {
      await trx('question_votes').where({ question_id: id, user_id: me.id }).delete();
      await trx('questions').where({ id }).decrement('upvotes', 1);
    } else {
      await trx('question_votes').insert({ question_id: id, user_id: me.id, created_at: nowIso() });
      await trx('questions').where({ id }).increment('upvotes', 1);
    }
    const counted = await trx('questions').where({ id }).first<{ upvotes: number } | undefined>('upvotes');
    if (!counted) throw errors.notFound(Q.questionNotFound, 'question_not_found');
    return { upvoted: !existing, upvotes: counted.upvotes };
  });
}

function answersQuery(db: Db) {
  return db('answers as a')
    .leftJoin('users as u', 'u.id', 'a.author_id')
    .select('a.*', ...AUTHOR_COLUMNS);
}

async function presentAnswers(db: Db, rows: AnswerRow[], viewerId: number | null) {
  const voted = new Set<number>();
  if (viewerId && rows.length) {
    for (const v of await db('answer_votes')
      .whereIn(
        'answer_id',
        rows.map((r) => r.id),
      )
      .andWhere({ user_id: viewerId })
      .select('answer_id'))
      voted.add(v.answer_id);
  }
  return censorContent(
    db,
    rows.map((r) => presentAnswer(r, voted.has(r.id))),
  );
}

/**
 * The accepted answer first, then oldest first, by keyset: the cursor is the last answer's
 * (accepted 1/0, id), so a long thread pages on without OFFSET. The two keys sort in opposite
 * directions, so the "after" condition is written out rather than as one row comparison.
 */
export async function listAnswers(db: Knex, questionId: number, viewer: UserRow | undefined, page: { limit: number; cursor?: string }) {
  const viewerId = viewer?.id ?? null;
  const at = decodeTuple<[number, number]>(page.cursor, ['int', 'int']);
  await getQuestion(db, questionId, viewer);
  // Shown answers, and the viewer's own ones held for approval (marked pending by the presenter).
  const q = shownOrOwnHeld(answersQuery(db).where('a.question_id', questionId), 'a', viewerId);
  if (at) {
    const [accepted, id] = at;
    // After an accepted answer come every unaccepted one; after an unaccepted one, the later ones.
    q.where((w) => {
      if (accepted) w.where('a.is_accepted', false).orWhere((x) => x.where('a.is_accepted', true).andWhere('a.id', '>', id));
      else w.where('a.is_accepted', false).andWhere('a.id', '>', id);
    });
  }
  const rows: AnswerRow[] = await q
    .orderBy([
      { column: 'a.is_accepted', order: 'desc' },
      { column: 'a.id', order: 'asc' },
    ])
    .limit(page.limit);
  const last = rows.at(-1);
  return {
    items: await flagBlocked(db, viewerId, await presentAnswers(db, rows, viewerId)),
    nextCursor: rows.length === page.limit && last ? encodeTuple([last.is_accepted ? 1 : 0, Number(last.id)]) : null,
  };
}

export async function addAnswer(ctx: AppContext, me: UserRow, questionId: number, content: string) {
  // A blocking word refuses it; one that holds it saves it hidden and pending: the question's author hears of it once approved.
  const screened = await screenText(ctx.db, [content]);
  const held = screened === 'require_approval';
  let reportId: number | null = null;
  let note: { userId: number; notificationId: number | null } | null = null;
  const id = await ctx.db.transaction(async (trx) => {
    const question = await trx('questions').where({ id: questionId }).first('id', 'author_id', 'is_hidden');
    if (!question) throw notFound('question');
    authorize(policy.canAnswer(me, await questionContext(trx, me, question)));
    const now = nowIso();
    const [row] = await trx('answers')
      .insert({ question_id: questionId, author_id: me.id, content, ...heldColumns(held), created_at: now, updated_at: now })
      .returning('id');
    // Held, it is counted once shown (services/held-items).
    if (!held) await trx('questions').where({ id: questionId }).increment('answers_count', 1);
    await indexRows(trx, 'answer', [Number(typeof row === 'object' ? row.id : row)]);
    if (screened === 'flag' || screened === 'require_approval') {
      reportId = await fileWatchedWordReport(trx, { type: 'answer', id: Number(typeof row === 'object' ? row.id : row), authorId: me.id }, screened);
    }
    if (question.author_id && !held) {
      note = {
        userId: question.author_id,
        notificationId: await createNotification(trx, {
          userId: question.author_id,
          type: 'answer',
          actorId: me.id,
          title: 'Yeni cevap',
          message: `${me.display_name} ${Q.answerNotification}`,
          link: `/qa/question/${questionId}`,
        }),
      };
    }
    return (typeof row === 'object' ? row.id : row) as number;
  });
  if (note) announceNotifications(ctx.bus, [note]);
  if (reportId !== null) ctx.bus.emit('report:created', { reportId });
  const row: AnswerRow | undefined = await answersQuery(ctx.db).where('a.id', id).first();
  const [answer] = row ? await presentAnswers(ctx.db, [row], me.id) : [];
  if (!answer) throw errors.notFound(Q.answerNotFound, 'answer_not_found');
  return answer;
}

export async function toggleAnswerVote(db: Knex, me: UserRow, id: number) {
  return db.transaction(async (trx) => {
    await lockRow(trx, 'answers', id);
    const answer = await trx('answers').where({ id }).first('id', 'author_id');
    if (!answer) throw notFound('answer');
    const existing = await trx('answer_votes').where({ answer_id: id, user_id: me.id }).first('user_id');
    authorize(policy.canVote(me, await authoredContext(trx, me, answer.author_id), !existing));
    if (existing) {
      await trx('answer_votes').where({ answer_id: id, user_id: me.id }).delete();
      await trx('answers').where({ id }).decrement('upvotes', 1);
    } else {
      await trx('answer_votes').insert({ answer_id: id, user_id: me.id, created_at: nowIso() });
      await trx('answers').where({ id }).increment('upvotes', 1);
    }
    const counted = await trx('answers').where({ id }).first<{ upvotes: number } | undefined>('upvotes');
    if (!counted) throw errors.notFound(Q.answerNotFound, 'answer_not_found');
    return { upvoted: !existing, upvotes: counted.upvotes };
  });
}

/** Only the question's author accepts; the question is then answered (closed). */
export async function acceptAnswer(db: Knex, me: UserRow, answerId: number) {
  return db.transaction(async (trx) => {
    // A hidden or held answer is not there for the question's author to accept.
    const answer = await trx('answers').where({ id: answerId, is_hidden: false }).first('id', 'question_id');
    if (!answer) throw errors.notFound(Q.answerNotFound, 'answer_not_found');
    const question = await trx('questions').where({ id: answer.question_id }).first('id', 'author_id');
    authorize(policy.canAccept(me, { authorId: question.author_id }));
    await trx('answers').where({ question_id: question.id }).update({ is_accepted: false });
    await trx('answers').where({ id: answerId }).update({ is_accepted: true });
    await trx('questions').where({ id: question.id }).update({ is_answered: true, accepted_answer_id: answerId, updated_at: nowIso() });
    return { accepted: true, answerId, questionId: question.id, isAnswered: true };
  });
}

/** Admins only (the route checks); written once with every other comment kind. */
export async function deleteAnswer(db: Knex, admin: UserRow, id: number) {
  await deleteComment(db, admin, 'answer', id, { audit: 'always', notFound: () => errors.notFound(Q.answerNotFound, 'answer_not_found') });
}
