/** Column choice and widths of a moderation table, remembered per table in localStorage. */
export interface TablePrefs {
  hidden: string[];
  widths: Record<string, number>;
}

const key = (table: string) => `mahalle-table-${table}`;

export function loadPrefs(table: string, storage: Pick<Storage, 'getItem'> = localStorage): TablePrefs {
  try {
    const raw = storage.getItem(key(table));
    const parsed = raw ? JSON.parse(raw) : null;
    if (parsed && Array.isArray(parsed.hidden) && typeof parsed.widths === 'object') return parsed;
  } catch {
    /* fall through to defaults */
  }
  return { hidden: [], widths: {} };
}

export function savePrefs(table: string, prefs: TablePrefs, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(key(table), JSON.stringify(prefs));
}

/** Toggle one id in a selection, or select a contiguous range (shift-click) from the anchor. */
export function nextSelection(selected: string[], ids: string[], id: string, opts: { range?: boolean; anchor?: string | null } = {}): string[] {
  if (opts.range && opts.anchor) {
    const a = ids.indexOf(opts.anchor);
    const b = ids.indexOf(id);
    if (a >= 0 && b >= 0) {
      const [from, to] = a < b ? [a, b] : [b, a];
      return [...new Set([...selected, ...ids.slice(from, to + 1)])];
    }
  }
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}

/** Keyboard focus movement within a table: arrows move, Home/End jump, clamped to the rows. */
export function moveFocus(index: number, key: string, count: number): number {
  if (count === 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(count - 1, index + 10);
    case 'PageUp':
      return Math.max(0, index - 10);
    default:
      return index;
  }
}
