/**
 * Turkish-aware case folding for uniqueness and search keys.
 * İ, I, ı and i all fold to "i" so that "ALİ", "Ali" and "alı" cannot be three different accounts.
 */
export function foldKey(value: string): string {
  return value.normalize('NFC').replace(/[İIı]/g, 'i').toLocaleLowerCase('tr');
}
