import { z } from 'zod';
import {
  acceptConsentsSchema,
  accountDeletionSchema,
  consentStateSchema,
  dataExportStateSchema,
  exportIdParamsSchema,
  legalDocumentSchema,
  legalKindParamsSchema,
  legalVersionSchema,
  publishLegalDocumentSchema,
  requestDeletionSchema,
} from '../schemas/privacy';
import { cursorPageQuerySchema } from '../schemas/common';
import { endpoint, pageOf } from './endpoint';

const tag = 'privacy';

/** KVKK: legal texts and consent, the member's data export, deleting one's own account. */
export const privacyEndpoints = {
  'legal.get': endpoint({
    route: 'GET /api/legal/:kind',
    summary: 'The current version of the terms of use (terms) or the privacy notice (privacy); ?version=N for an older one',
    access: 'public',
    tag,
    params: legalKindParamsSchema,
    query: z.object({ version: z.coerce.number().int().positive().optional() }),
    response: legalDocumentSchema,
  }),
  'privacy.consents': endpoint({
    route: 'GET /api/users/me/consents',
    summary: "The signed-in member's consent records and the current texts they still have to accept (admins are never asked)",
    access: 'member',
    tag,
    response: consentStateSchema,
  }),
  'privacy.acceptConsents': endpoint({
    route: 'POST /api/users/me/consents',
    summary: 'Accept the named versions of the legal texts (409 consent_outdated when a version is no longer the current one)',
    access: 'member',
    tag,
    body: acceptConsentsSchema,
    response: consentStateSchema,
  }),
  'privacy.exportState': endpoint({
    route: 'GET /api/users/me/data-export',
    summary: "The signed-in member's latest data export (pending, ready with its download address, failed) and when they may ask again",
    access: 'member',
    tag,
    response: dataExportStateSchema,
  }),
  'privacy.requestExport': endpoint({
    route: 'POST /api/users/me/data-export',
    summary: 'Ask for a ZIP of everything the member owns; prepared in the background, announced by a notification (once a day: 429)',
    access: 'member',
    tag,
    status: 201,
    response: dataExportStateSchema,
  }),
  'privacy.downloadExport': endpoint({
    route: 'GET /api/users/me/data-export/:id/download',
    summary: 'The ZIP archive, only for the member it belongs to, for a day after it is ready (else 404)',
    access: 'member',
    tag,
    params: exportIdParamsSchema,
    response: z.string().meta({
      description: 'The archive: profile.json, one JSON array per kind of content (posts.json, messages.json...) and the images and videos under files/',
    }),
    mediaType: 'application/zip',
  }),
  'privacy.requestDeletion': endpoint({
    route: 'POST /api/users/me/deletion',
    summary: 'Delete the account after the grace period (14 days), confirmed by the password; every session ends; signing in cancels it',
    access: 'member',
    tag,
    body: requestDeletionSchema,
    response: accountDeletionSchema,
  }),
  'admin.legalVersions': endpoint({
    route: 'GET /api/admin/legal/:kind/versions',
    summary: 'Every published version of a legal text, newest first (keyset-paged)',
    access: 'admin',
    tag: 'admin',
    params: legalKindParamsSchema,
    query: cursorPageQuerySchema,
    response: pageOf(legalVersionSchema),
  }),
  'admin.publishLegal': endpoint({
    route: 'POST /api/admin/legal/:kind',
    summary: 'Publish a new version of a legal text (older ones are kept); members are asked to accept it on their next visit',
    access: 'admin',
    tag: 'admin',
    params: legalKindParamsSchema,
    body: publishLegalDocumentSchema,
    status: 201,
    response: legalDocumentSchema,
  }),
};
