import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * The one adapter from a shared zod field to an antd form rule: the form checks a field with the
 * same schema (and the same Turkish message) the server parses it with, e.g.
 * `rules={[fieldRule(createGroupSchema.shape.name)]}`. Empty optional fields pass, as on the server.
 * Import it only in screens that hold forms (the schemas are zod code, not for the first load).
 */
export function fieldRule(field: z.ZodType, opts: { required?: boolean; read?: (value: unknown) => unknown } = {}): FormRule {
  return {
    required: opts.required,
    validator: async (_rule, raw: unknown) => {
      // `read` turns a control's value into what the server is sent (a date picker's day into its ISO string).
      const value = opts.read && raw !== undefined && raw !== null ? opts.read(raw) : raw;
      const input = typeof value === 'string' && value.trim() === '' && !opts.required ? undefined : value;
      const result = await field.safeParseAsync(input);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '');
    },
  };
}
