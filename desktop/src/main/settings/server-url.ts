/** Turns what a person typed into a server origin: http(s) only, no path, no credentials. */
export function normalizeServerUrl(input: string): { ok: true; url: string } | { ok: false; error: string } {
  const raw = input.trim();
  if (!raw) return { ok: false, error: 'Lütfen sunucu adresini girin' };
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return { ok: false, error: 'Geçerli bir sunucu adresi girin' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: 'Sunucu adresi http:// veya https:// ile başlamalıdır' };
  if (url.username || url.password) return { ok: false, error: 'Sunucu adresinde kullanıcı adı veya şifre olamaz' };
  return { ok: true, url: url.origin };
}

/** The address is right when its /api/health answers 200 {status: 'ok'}. */
export async function validateServer(
  input: string,
  fetcher: (url: string, init: { signal: AbortSignal }) => Promise<{ ok: boolean; json(): Promise<unknown> }> = fetch,
  timeoutMs = 8000,
): Promise<{ ok: true; url: string } | { ok: false; error: string }> {
  const normalized = normalizeServerUrl(input);
  if (!normalized.ok) return normalized;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetcher(`${normalized.url}/api/health`, { signal: controller.signal });
    const body = (await res.json().catch(() => null)) as { status?: string } | null;
    if (!res.ok || body?.status !== 'ok') return { ok: false, error: 'Bu adreste çalışan bir Mahalle sunucusu bulunamadı' };
    return normalized;
  } catch {
    return { ok: false, error: 'Sunucuya bağlanılamadı' };
  } finally {
    clearTimeout(timer);
  }
}
