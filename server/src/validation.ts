import { z } from 'zod';
import { TEXTS, isErrorCodeWithStatus } from '@mahalle/shared';
import { errors, type ErrorDetail } from './errors';

/**
 * Parse request input with a zod schema from shared/. A failure becomes a 400 whose `error`
 * is the first issue's Turkish message; a custom issue may carry its own stable code
 * (params.code), e.g. 'passwords_differ'.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw fromZodError(result.error);
}

export function fromZodError(error: z.ZodError) {
  const details: ErrorDetail[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = error.issues[0];
  // Only a registry code of status 400 passes through (passwords_differ, weak_password, common_password).
  const customCode = first && first.code === 'custom' && isErrorCodeWithStatus(first.params?.code, 400) ? first.params.code : undefined;
  return errors.badRequest(first?.message ?? TEXTS.errors.validation, customCode ?? 'validation_failed', details);
}
