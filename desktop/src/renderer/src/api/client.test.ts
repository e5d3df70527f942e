// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './client';

describe('failure toast text', () => {
  it("is the action's own text, followed by the server's reason when the user can act on it", () => {
    expect(errorMessage(new ApiError(400, 'validation_failed', 'Gönderi en fazla 280 karakter olabilir'), 'Gönderi paylaşılamadı')).toBe(
      'Gönderi paylaşılamadı. Gönderi en fazla 280 karakter olabilir',
    );
    expect(errorMessage(new ApiError(403, 'forbidden', 'Yetki gerekli'), 'Soru eklenirken bir hata oluştu.')).toBe(
      'Soru eklenirken bir hata oluştu. Yetki gerekli',
    );
  });

  it("is the action's text alone for server errors, network failures and anything else", () => {
    expect(errorMessage(new ApiError(500, 'internal', 'Beklenmeyen bir hata oluştu'), 'Gönderi paylaşılamadı')).toBe('Gönderi paylaşılamadı');
    expect(errorMessage(new ApiError(0, 'network', 'Sunucuya ulaşılamadı'), 'Gönderi paylaşılamadı')).toBe('Gönderi paylaşılamadı');
    expect(errorMessage(new Error('x'), 'Mesaj gönderilemedi')).toBe('Mesaj gönderilemedi');
  });
});
