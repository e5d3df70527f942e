const TR_MAP: Record<string, string> = {
  ğ: 'g',
  ü: 'u',
  ş: 's',
  ı: 'i',
  ö: 'o',
  ç: 'c',
  Ğ: 'g',
  Ü: 'u',
  Ş: 's',
  İ: 'i',
  Ö: 'o',
  Ç: 'c',
  I: 'i',
};

function transliterate(value: string): string {
  return value.replace(/[ğüşıöçĞÜŞİÖÇI]/g, (ch) => TR_MAP[ch] ?? ch);
}

/**
 * Hobby group slug: lowercase, Turkish letters transliterated, any other
 * non-alphanumeric becomes a hyphen, repeated hyphens collapse (edges trimmed too).
 */
export function groupSlug(name: string): string {
  return transliterate(name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Blog slug: Turkish letters transliterated, lowercased, bracketed text and
 * non-alphanumerics removed, spaces become hyphens.
 */
export function blogSlug(title: string): string {
  return transliterate(title)
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g, ' ')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Category slug: derived from the name the same way as a group slug. */
export const categorySlug = groupSlug;
