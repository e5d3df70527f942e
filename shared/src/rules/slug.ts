/**
 * Every letter Turkish writes folded to ASCII before a slug is cut: ç ğ ı ö ş ü → c g i o s u, the circumflexed
 * â î û → a i u, and the capitals likewise (İ and I both to i); other Latin accents lose their mark (é → e).
 * Stored slugs are never derived again, so a slug cut by an older rule keeps its URL; and on a slug that is already
 * ASCII (a-z, 0-9, hyphens) both rules below change nothing, so saving a post with its own slug keeps it.
 */
export function foldSlugLetters(value: string): string {
  return value
    .replace(/[İIı]/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * Hobby group slug: lowercase, Turkish letters transliterated, any other
 * non-alphanumeric becomes a hyphen, repeated hyphens collapse (edges trimmed too).
 */
export function groupSlug(name: string): string {
  return foldSlugLetters(name)
    .replace(/[^a-z0-9]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Blog slug: Turkish letters transliterated, lowercased, bracketed text and
 * non-alphanumerics removed, spaces become hyphens.
 */
export function blogSlug(title: string): string {
  return foldSlugLetters(title)
    .replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g, ' ')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Category slug: derived from the name the same way as a group slug. */
export const categorySlug = groupSlug;
