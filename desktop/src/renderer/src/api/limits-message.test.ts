// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { TEXTS } from '@mahalle/shared';
import { ApiError, errorMessage } from './client';

describe('a refusal for going too fast', () => {
  it("shows the server's Turkish reason after the action's text (429)", () => {
    const err = new ApiError(429, 'too_many_requests', TEXTS.errors.tooManyWrites);
    expect(errorMessage(err, 'Gönderi paylaşılamadı')).toBe(`Gönderi paylaşılamadı. ${TEXTS.errors.tooManyWrites}`);
  });
});
