/**
 * Turkish-aware case folding for uniqueness and search keys.
 * İ, I, ı and i all fold to "i" so that "ALİ", "Ali" and "alı" cannot be three different accounts.
 */
export function foldKey(value: string): string {
  return value.normalize('NFC').replace(/[İIı]/g, 'i').toLocaleLowerCase('tr');
}

/**
 * foldKey, then without Turkish (and other Latin) diacritics: ğ→g, ş→s, ç→c, ö→o, ü→u, â→a ...
 * (ı and İ already fold to i). Search's second tier: 'sogan' finds 'soğan', ranked below exact letters.
 */
export function foldLoose(value: string): string {
  return foldKey(value)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
}
