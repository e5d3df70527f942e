/**
 * The editor's copy of a post on this device (localStorage): written on every change, removed once the server has
 * confirmed the same revision, so a closed tab, a reload or a lost connection loses nothing. One copy per post, and one
 * for a post not yet created.
 */
export interface DraftFields {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  categoryId: number | null;
  featuredImage: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  tags: string[];
  gallery: string[];
}

export interface LocalDraft {
  fields: DraftFields;
  /** When this device last changed it (ISO). */
  savedAt: string;
}

const PREFIX = 'mahalle.blogDraft.';

export const draftKey = (postId: number | undefined) => `${PREFIX}${postId ?? 'new'}`;

export function readLocalDraft(key: string, storage: Pick<Storage, 'getItem'> = localStorage): LocalDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LocalDraft;
    return parsed && typeof parsed.fields?.content === 'string' && typeof parsed.fields.title === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** False when the device refused it (storage full or turned off): the server copy is then the only one. */
export function writeLocalDraft(key: string, draft: LocalDraft, storage: Pick<Storage, 'setItem'> = localStorage): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalDraft(key: string, storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to keep from a storage that cannot be written.
  }
}

/** Whether the fields hold a post the server takes: a title and a body with text or an image. */
export function isSavable(f: Pick<DraftFields, 'title' | 'content'>): boolean {
  return f.title.trim() !== '' && (f.content.replace(/<[^>]*>/g, '').trim() !== '' || /<img\s/i.test(f.content));
}

/** The body of an autosave: fields without a value left out, as the explicit save sends them ('' clears a field). */
export function autosaveBody(f: DraftFields) {
  const { categoryId, ...rest } = f;
  return categoryId === null ? rest : { ...rest, categoryId };
}
