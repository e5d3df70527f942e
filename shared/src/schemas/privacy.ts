import { z } from 'zod';
import '../zod-locale';
import { LEGAL_KINDS, LIMITS } from '../limits';
import { TEXTS } from '../texts';

/** KVKK: the legal texts and members' consent, the data export, the account deletion. */

const L = TEXTS.legalAdmin;
const P = TEXTS.privacy;

export const legalKindSchema = z.enum(LEGAL_KINDS, { error: P.documentNotFound });
export const legalKindParamsSchema = z.object({ kind: legalKindSchema });

/** One published version of a legal text. */
export const legalDocumentSchema = z.object({
  id: z.number().int(),
  kind: legalKindSchema,
  version: z.number().int(),
  title: z.string(),
  /** Plain text or Markdown, shown as Markdown. */
  body: z.string(),
  publishedAt: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** The admin's editor: saving publishes a new version (older versions are kept). */
export const publishLegalDocumentSchema = z.object({
  title: z
    .string({ error: L.titleRequired })
    .trim()
    .min(1, { error: L.titleRequired })
    .max(LIMITS.legalTitleMax, { error: L.titleTooLong(LIMITS.legalTitleMax) }),
  body: z
    .string({ error: L.bodyRequired })
    .trim()
    .min(1, { error: L.bodyRequired })
    .max(LIMITS.legalBodyMax, { error: L.bodyTooLong(LIMITS.legalBodyMax) }),
});
export type PublishLegalDocumentInput = z.infer<typeof publishLegalDocumentSchema>;

/** A version in the admin's list of older versions (without the body). */
export const legalVersionSchema = legalDocumentSchema.omit({ body: true });

/** One consent a member gave: which text, which version, when. */
export const consentRecordSchema = z.object({
  kind: legalKindSchema,
  version: z.number().int(),
  acceptedAt: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** What the member has accepted, and the current texts they have not accepted yet (the re-accept modal). */
export const consentStateSchema = z.object({
  pending: z.array(legalDocumentSchema),
  records: z.array(consentRecordSchema),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

export const acceptConsentsSchema = z.object({
  documents: z
    .array(z.object({ kind: legalKindSchema, version: z.number({ error: P.consentOutdated }).int().positive() }))
    .min(1, { error: P.consentOutdated })
    .max(LEGAL_KINDS.length),
});
export type AcceptConsentsInput = z.infer<typeof acceptConsentsSchema>;

/** pending (being prepared), ready (downloadable), failed, expired (its day is over and the file removed). */
export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;

/** A member's data export: prepared in the background, downloadable by them for a day. */
export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** Until when the archive can be downloaded (null until ready). */
  expiresAt: z.string().nullable(),
  /** Bytes of the ZIP archive (null until ready). */
  size: z.number().int().nullable(),
  /** Where the signed-in member downloads it (null until ready). */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The settings page's view: the latest export (null when none or removed) and when another may be asked for. */
export const dataExportStateSchema = z.object({
  latest: dataExportSchema.nullable(),
  nextRequestAt: z.string().nullable().meta({ description: 'When the member may ask again (null: now)' }),
});
export type DataExportState = z.infer<typeof dataExportStateSchema>;

export const exportIdParamsSchema = z.object({ id: z.coerce.number({ error: P.exportNotFound }).int().positive({ error: P.exportNotFound }) });

export const requestDeletionSchema = z.object({
  password: z.string({ error: P.deletePasswordRequired }).min(1, { error: P.deletePasswordRequired }).max(LIMITS.passwordMaxLength),
});
export type RequestDeletionInput = z.infer<typeof requestDeletionSchema>;

/** A scheduled deletion: when it was asked for and when the account goes. */
export const accountDeletionSchema = z.object({
  requestedAt: z.string(),
  deleteAt: z.string(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
