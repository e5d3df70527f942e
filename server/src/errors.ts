import { TEXTS, type ErrorCode, type ErrorCodeWithStatus } from '@mahalle/shared';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An error that becomes a JSON answer: status, stable code (from shared/src/errors.ts) and a Turkish message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const E = TEXTS.errors;

/** Factories: every error answer of the API is made by one of these; each takes only the registry's codes of its status. */
export const errors = {
  badRequest: (message: string = E.validation, code: ErrorCodeWithStatus<400> = 'validation_failed', details?: ErrorDetail[]) =>
    new AppError(400, code, message, details),
  unauthorized: (message: string = E.unauthorized) => new AppError(401, 'unauthorized', message),
  unauthorizedWithCode: (message: string, code: ErrorCodeWithStatus<401>) => new AppError(401, code, message),
  forbidden: (message: string = E.forbidden, code: ErrorCodeWithStatus<403> = 'forbidden') => new AppError(403, code, message),
  notFound: (message: string = E.notFound, code: ErrorCodeWithStatus<404> = 'not_found') => new AppError(404, code, message),
  conflict: (message: string, code: ErrorCodeWithStatus<409> = 'conflict') => new AppError(409, code, message),
  gone: (message: string, code: ErrorCodeWithStatus<410>) => new AppError(410, code, message),
  tooLarge: (message: string = E.payloadTooLarge) => new AppError(413, 'payload_too_large', message),
  unsupportedType: (message: string = E.unsupportedMediaType) => new AppError(415, 'unsupported_media_type', message),
  tooMany: (retryAfterSec: number, message: string = E.tooManyRequests, code: ErrorCodeWithStatus<429> = 'too_many_requests') =>
    new AppError(429, code, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSec))) }),
  unavailable: (message: string = E.unavailable, details?: ErrorDetail[]) => new AppError(503, 'unavailable', message, details),
  mailUnavailable: () => new AppError(503, 'mail_unavailable', TEXTS.accountHelp.mailUnavailable),
  /** The database cannot be reached right now: try again shortly, nothing was written. */
  databaseUnavailable: () => new AppError(503, 'database_unavailable', E.databaseUnavailable, undefined, { 'Retry-After': '5' }),
  /** The file store (disk or bucket) cannot be reached: nothing was written. */
  storageUnavailable: () => new AppError(503, 'storage_unavailable', E.storageUnavailable, undefined, { 'Retry-After': '5' }),
  busy: (retryAfterSec: number, message: string = E.busy) =>
    new AppError(503, 'server_busy', message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSec))) }),
};
