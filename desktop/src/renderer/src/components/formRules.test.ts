import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldRule } from './formRules';

const validate = (rule: ReturnType<typeof fieldRule>, value: unknown) =>
  (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);

describe('fieldRule', () => {
  const name = z.string({ error: 'Grup adı gereklidir' }).trim().min(2, { error: 'Grup adı en az 2 karakter olmalıdır' });
  it("refuses with the schema's own Turkish message", async () => {
    await expect(validate(fieldRule(name, { required: true }), 'a')).rejects.toThrow('Grup adı en az 2 karakter olmalıdır');
    await expect(validate(fieldRule(name, { required: true }), '')).rejects.toThrow('en az 2');
    await expect(validate(fieldRule(name, { required: true }), 'Satranç')).resolves.toBeUndefined();
  });
  it('lets an empty optional field pass, as the server does', async () => {
    await expect(validate(fieldRule(name.optional()), '  ')).resolves.toBeUndefined();
  });
});
