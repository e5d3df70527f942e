import { describe, expect, it } from 'vitest';
import { autosaveBody, clearLocalDraft, draftKey, isSavable, readLocalDraft, writeLocalDraft, type DraftFields } from './localDraft';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const fields: DraftFields = {
  title: 'Porsuk',
  slug: '',
  excerpt: '',
  content: '<p>Kıyıda</p>',
  categoryId: null,
  featuredImage: '',
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
  ogTitle: '',
  ogDescription: '',
  ogImage: '',
  tags: ['gezi'],
  gallery: [],
};

describe('the editor’s copy on this device', () => {
  it('is kept per post (and one for a post not yet created), read back whole, and removed once confirmed', () => {
    const storage = memoryStorage();
    expect(draftKey(undefined)).not.toBe(draftKey(7));
    expect(writeLocalDraft(draftKey(7), { fields, savedAt: '2026-11-27T10:00:00.000Z' }, storage)).toBe(true);
    expect(readLocalDraft(draftKey(7), storage)?.fields).toEqual(fields);
    expect(readLocalDraft(draftKey(undefined), storage)).toBeNull();
    clearLocalDraft(draftKey(7), storage);
    expect(readLocalDraft(draftKey(7), storage)).toBeNull();
  });

  it('survives a storage that refuses or holds something else', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(writeLocalDraft(draftKey(1), { fields, savedAt: '' }, full)).toBe(false);
    const storage = memoryStorage();
    storage.setItem(draftKey(2), '{not json');
    expect(readLocalDraft(draftKey(2), storage)).toBeNull();
    storage.setItem(draftKey(3), JSON.stringify({ fields: { title: 1 } }));
    expect(readLocalDraft(draftKey(3), storage)).toBeNull();
  });

  it('knows when the server can take the post: a title and a body with text or an image', () => {
    expect(isSavable(fields)).toBe(true);
    expect(isSavable({ title: ' ', content: '<p>x</p>' })).toBe(false);
    expect(isSavable({ title: 'x', content: '<p></p>' })).toBe(false);
    expect(isSavable({ title: 'x', content: '<img src="/uploads/a.png">' })).toBe(true);
  });

  it('sends an autosave without a category it does not have, and never a published state', () => {
    const body = autosaveBody(fields);
    expect(body).not.toHaveProperty('categoryId');
    expect(body).not.toHaveProperty('published');
    expect(autosaveBody({ ...fields, categoryId: 4 })).toMatchObject({ categoryId: 4, title: 'Porsuk', tags: ['gezi'] });
  });
});
