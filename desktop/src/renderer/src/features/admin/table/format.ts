const show = (v: unknown) => (typeof v === 'string' ? `"${v.length > 60 ? `${v.slice(0, 60)}…` : v}"` : JSON.stringify(v ?? null));

/** An edit as "field: before → after" for the fields that changed; a creation or deletion as what it held. */
export function describeChange(before: unknown, after: unknown): string {
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
  const b = obj(before);
  const a = obj(after);
  if (b && a) {
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
    return keys.length ? keys.map((k) => `${k}: ${show(b[k])} → ${show(a[k])}`).join(' · ') : 'Değişiklik yok';
  }
  const only = a ?? b;
  if (!only) return '—';
  return Object.entries(only)
    .map(([k, v]) => `${k}: ${show(v)}`)
    .join(' · ');
}
