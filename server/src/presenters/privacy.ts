import type { AccountDeletion, ConsentRecord, DataExport, LegalDocument, LegalKind } from '@mahalle/shared';
import { toIso, toIsoOrNull } from '../db/time';

export interface LegalDocumentRow {
  id: number;
  kind: LegalKind;
  version: number;
  title: string;
  body: string;
  published_by: number | null;
  created_at: unknown;
}

export interface ConsentRow {
  id: number;
  user_id: number;
  document_id: number;
  kind: LegalKind;
  version: number;
  accepted_at: unknown;
}

export interface DataExportRow {
  id: number;
  user_id: number;
  status: 'pending' | 'building' | 'ready' | 'failed' | 'expired';
  file_name: string | null;
  size: number | string | null;
  requested_at: unknown;
  claimed_at: unknown;
  ready_at: unknown;
  expires_at: unknown;
}

export interface AccountDeletionRow {
  user_id: number;
  requested_at: unknown;
  delete_at: unknown;
}

export function presentLegalDocument(row: LegalDocumentRow): LegalDocument {
  return { id: row.id, kind: row.kind, version: Number(row.version), title: row.title, body: row.body, publishedAt: toIso(row.created_at) };
}

export function presentLegalVersion(row: LegalDocumentRow): Omit<LegalDocument, 'body'> {
  return { id: row.id, kind: row.kind, version: Number(row.version), title: row.title, publishedAt: toIso(row.created_at) };
}

export function presentConsentRecord(row: ConsentRow): ConsentRecord {
  return { kind: row.kind, version: Number(row.version), acceptedAt: toIso(row.accepted_at) };
}

/** An export as its owner sees it; one being built is still 'pending' to them. */
export function presentDataExport(row: DataExportRow): DataExport {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    status: row.status === 'building' ? 'pending' : row.status,
    requestedAt: toIso(row.requested_at),
    readyAt: toIsoOrNull(row.ready_at),
    expiresAt: ready ? toIsoOrNull(row.expires_at) : null,
    size: ready && row.size !== null ? Number(row.size) : null,
    downloadUrl: ready ? `/api/users/me/data-export/${row.id}/download` : null,
  };
}

export function presentAccountDeletion(row: AccountDeletionRow): AccountDeletion {
  return { requestedAt: toIso(row.requested_at), deleteAt: toIso(row.delete_at) };
}
