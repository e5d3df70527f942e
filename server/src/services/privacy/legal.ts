import type { Knex } from 'knex';
import { LEGAL_KINDS, TEXTS, type AcceptConsentsInput, type LegalKind, type PublishLegalDocumentInput } from '@mahalle/shared';
import { errors } from '../../errors';
import { nowIso } from '../../db/time';
import { idPage } from '../../db/keyset';
import { presentConsentRecord, presentLegalDocument, presentLegalVersion, type ConsentRow, type LegalDocumentRow } from '../../presenters/privacy';
import type { UserRow } from '../../presenters/users';
import { audit } from '../audit';
import { isUniqueViolation } from '../../db/faults';
import { isAskedForConsent } from '../../policies/site';

/**
 * The legal texts (terms of use, privacy notice) and members' consent to them. Every published
 * version is a row; the current one is the highest version of its kind. A member has accepted a
 * text when they have a consent row for its current version. Admins are the organiser's side
 * (they publish the texts) and are never asked.
 */

const P = TEXTS.privacy;

export async function currentDocument(db: Knex | Knex.Transaction, kind: LegalKind): Promise<LegalDocumentRow | undefined> {
  return db('legal_documents').where({ kind }).orderBy('version', 'desc').first();
}

/** The current text of a kind, or a given older version; 404 when there is none. */
export async function legalDocument(db: Knex, kind: LegalKind, version?: number) {
  const row = version ? ((await db('legal_documents').where({ kind, version }).first()) as LegalDocumentRow | undefined) : await currentDocument(db, kind);
  if (!row) throw errors.notFound(P.documentNotFound, 'legal_document_not_found');
  return presentLegalDocument(row);
}

/** Every version of a kind, newest first, keyset-paged by version. */
export async function legalVersions(db: Knex, kind: LegalKind, q: { limit: number; cursor?: string }) {
  const page = await idPage<LegalDocumentRow>(db('legal_documents').where({ kind }).select('id', 'kind', 'version', 'title', 'created_at'), {
    column: 'version',
    valueOf: (r) => r.version,
    cursor: q.cursor,
    limit: q.limit,
  });
  return { items: page.rows.map(presentLegalVersion), nextCursor: page.nextCursor };
}

/** Publishes the next version of a kind; two admins saving at once: the unique (kind, version) decides, the later one retries. */
export async function publishLegalDocument(db: Knex, admin: UserRow, kind: LegalKind, input: PublishLegalDocumentInput) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (trx) => {
        const current = await currentDocument(trx, kind);
        const version = (current?.version ?? 0) + 1;
        const [row] = (await trx('legal_documents')
          .insert({ kind, version, title: input.title, body: input.body, published_by: admin.id, created_at: nowIso() })
          .returning('*')) as LegalDocumentRow[];
        await audit(trx, admin, 'legal.publish', { type: 'legal_document', id: `${kind}:${version}` }, { after: { kind, version, title: input.title } });
        return presentLegalDocument(row as LegalDocumentRow);
      });
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** The current documents of every kind (a kind never published is left out). */
async function currentDocuments(db: Knex | Knex.Transaction): Promise<LegalDocumentRow[]> {
  const docs: LegalDocumentRow[] = [];
  for (const kind of LEGAL_KINDS) {
    const doc = await currentDocument(db, kind);
    if (doc) docs.push(doc);
  }
  return docs;
}

/** Records the member's consent to the current version of every text (registration), inside its transaction. */
export async function recordCurrentConsents(trx: Knex.Transaction, userId: number): Promise<void> {
  const accepted_at = nowIso();
  const docs = await currentDocuments(trx);
  if (docs.length) await trx('consents').insert(docs.map((d) => ({ user_id: userId, document_id: d.id, kind: d.kind, version: d.version, accepted_at })));
}

/** What the member accepted (newest first) and the current texts still waiting for their consent. */
export async function consentState(db: Knex, user: UserRow) {
  // One row per version accepted: a handful per member over the years, read whole.
  const records = (await db('consents').where({ user_id: user.id }).orderBy('id', 'desc').limit(200)) as ConsentRow[];
  const accepted = new Set(records.map((r) => `${r.kind}:${r.version}`));
  const pending = !isAskedForConsent(user) ? [] : (await currentDocuments(db)).filter((d) => !accepted.has(`${d.kind}:${d.version}`));
  return { pending: pending.map(presentLegalDocument), records: records.map(presentConsentRecord) };
}

/** Accepts the named versions; each must be the current one of its kind (else 409 consent_outdated). */
export async function acceptConsents(db: Knex, user: UserRow, input: AcceptConsentsInput) {
  await db.transaction(async (trx) => {
    const accepted_at = nowIso();
    for (const { kind, version } of input.documents) {
      const current = await currentDocument(trx, kind);
      if (!current || current.version !== version) throw errors.conflict(P.consentOutdated, 'consent_outdated');
      await trx('consents')
        .insert({ user_id: user.id, document_id: current.id, kind, version, accepted_at })
        .onConflict(['user_id', 'kind', 'version'])
        .ignore();
    }
  });
  return consentState(db, user);
}
