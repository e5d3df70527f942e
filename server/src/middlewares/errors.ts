import type { NextFunction, Request, Response } from 'express';
import { ZodError } from 'zod';
import { TEXTS, type ApiErrorBody } from '@mahalle/shared';
import { AppError, errors } from '../errors';
import { fromZodError } from '../validation';
import { isDatabaseUnavailable } from '../db/faults';
import { StorageUnavailable } from '../services/storage/types';

function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZodError(err);
  const e = err as { type?: string; status?: number; code?: string; name?: string };
  if (e?.type === 'entity.parse.failed') return errors.badRequest(TEXTS.errors.invalidJson, 'invalid_json');
  if (e?.type === 'entity.too.large') return errors.tooLarge();
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') return errors.unsupportedType();
  if (e?.status === 400 && e?.type) return errors.badRequest();
  // A route parameter that is not valid percent-encoding.
  if (err instanceof URIError) return errors.badRequest();
  // PostgreSQL refuses a NUL character (22021) or text it cannot encode (22P05): bad input, not a fault.
  if (e?.code === '22021' || e?.code === '22P05') return errors.badRequest(TEXTS.errors.invalidText, 'invalid_text');
  // Before the database check: a refused connection to the bucket looks like one to the database.
  if (err instanceof StorageUnavailable) return errors.storageUnavailable();
  if (isDatabaseUnavailable(err)) return errors.databaseUnavailable();
  return null;
}

/** The one place that writes error answers: JSON with a Turkish message and a stable code. */
export function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction) {
  let appError = toAppError(err);
  if (!appError) {
    req.log?.error({ err }, 'unexpected error');
    appError = new AppError(500, 'internal', TEXTS.errors.internal);
  } else if (appError.code === 'database_unavailable' || appError.code === 'storage_unavailable') {
    req.log?.warn({ err }, appError.code === 'database_unavailable' ? 'database unavailable' : 'storage unavailable');
  }
  if (res.headersSent) return;
  const body: ApiErrorBody = { error: appError.message, code: appError.code };
  if (appError.details?.length) body.details = appError.details;
  if (appError.headers) res.set(appError.headers);
  res.status(appError.status).json(body);
}

/**
 * JSON bodies must say they are JSON (or multipart/form where a route accepts files). Nothing
 * else is read: a urlencoded or text body is what a cross-site HTML form can send without asking.
 */
export function requireKnownBodyType(req: Request, _res: Response, next: NextFunction) {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || ['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(req.method)) return next();
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/json') || type.startsWith('multipart/form-data')) {
    return next();
  }
  next(errors.unsupportedType());
}
