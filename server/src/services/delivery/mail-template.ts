import { TEXTS, type MailKind } from '@mahalle/shared';

const T = TEXTS.delivery;

/** What a notification e-mail says; `render` turns it into both bodies. */
export interface MailMessage {
  /** The member's name, for the greeting. */
  name: string;
  /** The lines of the message (plain text; escaped for HTML). */
  lines: string[];
  /** The page it is about: a link in both bodies. */
  action?: { label: string; url: string };
  kind: MailKind;
  unsubscribeUrl: string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function kindName(kind: MailKind): string {
  return kind === 'digest' ? T.digest : TEXTS.notificationSettings.groups[kind];
}

/**
 * The one template of every notification e-mail: the plain-text and the HTML body from the same
 * parts, in the same order (greeting, lines, link, why it came, how to stop it).
 */
export function renderMail(m: MailMessage): { text: string; html: string } {
  const why = T.mailWhy(kindName(m.kind));
  const text = [
    T.mailGreeting(m.name),
    '',
    ...m.lines,
    ...(m.action ? ['', `${m.action.label}: ${m.action.url}`] : []),
    '',
    '--',
    why,
    `${T.mailUnsubscribe} ${T.mailUnsubscribeLink}: ${m.unsubscribeUrl}`,
  ].join('\n');
  const html = [
    '<!doctype html><html lang="tr"><head><meta charset="utf-8"></head>',
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2328">',
    `<p>${escape(T.mailGreeting(m.name))}</p>`,
    ...m.lines.map((l) => `<p>${escape(l)}</p>`),
    ...(m.action ? [`<p><a href="${escape(m.action.url)}">${escape(m.action.label)}</a></p>`] : []),
    '<hr style="border:none;border-top:1px solid #d0d7de">',
    `<p style="font-size:12px;color:#656d76">${escape(why)} ${escape(T.mailUnsubscribe)} <a href="${escape(m.unsubscribeUrl)}">${escape(T.mailUnsubscribeLink)}</a>.</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}
