import { badgeText } from '@mahalle/shared';

export interface Counts {
  notifications: number;
  messages: number;
  /** Open content reports (admins only). */
  reports?: number;
}

/** Total shown on the dock/taskbar badge. */
export function badgeCount(c: Counts): number {
  return Math.max(0, c.notifications) + Math.max(0, c.messages) + Math.max(0, c.reports ?? 0);
}

/** Text for the Windows overlay icon and the tray title: '' when nothing is unread, '99+' above 99. */
export function badgeLabel(c: Counts): string {
  return badgeText(badgeCount(c));
}

export function trayTooltip(c: Counts): string {
  if (badgeCount(c) === 0) return 'Mahalle — okunmamış bir şey yok';
  const reports = c.reports ? `, ${badgeText(c.reports)} açık şikayet` : '';
  return `Mahalle — ${badgeText(c.notifications) || '0'} bildirim, ${badgeText(c.messages) || '0'} mesaj${reports}`;
}

export function trayMenu(c: Counts, actions: { open(route: string): void; quit(): void }) {
  return [
    { label: `Bildirimler (${badgeText(c.notifications) || '0'})`, click: () => actions.open('/notifications') },
    { label: `Mesajlar (${badgeText(c.messages) || '0'})`, click: () => actions.open('/messages') },
    ...(c.reports ? [{ label: `Şikayetler (${badgeText(c.reports)})`, click: () => actions.open('/admin') }] : []),
    { label: '', type: 'separator' as const },
    { label: "Mahalle'yi aç", click: () => actions.open('/') },
    { label: 'Çıkış', click: actions.quit },
  ];
}
