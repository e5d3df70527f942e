import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEventSchema, groupEventSchema, TEXTS } from '@mahalle/shared';
import { fieldRule } from './formRules';
import { dayjs, pickedIso } from './time';

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
  it("reads a date picker's day as the ISO string the server parses, so the event date range is the server's", async () => {
    const date = fieldRule(groupEventSchema.shape.date, { required: true, read: pickedIso });
    await expect(validate(date, dayjs('2027-05-01T18:00:00Z'))).resolves.toBeUndefined();
    await expect(validate(date, dayjs('1500-05-01T18:00:00Z'))).rejects.toThrow(TEXTS.social.eventDateOutOfRange);
    await expect(validate(date, undefined)).rejects.toThrow(TEXTS.community.groupEventDateRequired);
    await expect(validate(fieldRule(createEventSchema.shape.description, { required: true }), ' ')).rejects.toThrow(TEXTS.social.eventDescriptionRequired);
  });
});
