import { TEXTS } from '@mahalle/shared';
import type { Digest, DigestItem } from './content';

const T = TEXTS.digest;

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
}

/** Text as HTML text or attribute value. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The digest e-mail, both bodies from one template: the mail is a list of blocks (a paragraph, a
 * section with its lines, a link), and each block has its plain-text and its HTML form side by
 * side here, so the two never say different things. Every member-written text goes through
 * escapeHtml in the HTML body. Links are absolute (`baseUrl` + the item's path).
 */
type Block =
  { kind: 'p'; text: string } | { kind: 'section'; title: string; items: DigestItem[] } | { kind: 'link'; text: string; href: string; small?: boolean };

function blocksOf(digest: Digest, unsubscribeUrl: string): Block[] {
  const sections: [string, DigestItem[]][] = [
    [T.events, digest.events],
    [T.posts, digest.posts],
    [T.questions, digest.questions],
    [T.newMembers, digest.newMembers],
  ];
  return [
    { kind: 'p', text: T.greeting(digest.member.displayName) },
    { kind: 'p', text: T.intro },
    ...sections.filter(([, items]) => items.length).map(([title, items]): Block => ({ kind: 'section', title, items })),
    { kind: 'p', text: T.footer },
    { kind: 'link', text: T.unsubscribeLink, href: unsubscribeUrl, small: true },
  ];
}

function asText(block: Block, baseUrl: string): string {
  switch (block.kind) {
    case 'p':
      return block.text;
    case 'link':
      return `${block.text}: ${block.href}`;
    case 'section':
      return [
        `== ${block.title} ==`,
        ...block.items.map((i) => [`• ${i.title}`, i.detail ? `  ${i.detail}` : null, `  ${baseUrl}${i.link}`].filter((l) => l !== null).join('\n')),
      ].join('\n');
  }
}

function asHtml(block: Block, baseUrl: string): string {
  switch (block.kind) {
    case 'p':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'link':
      return `<p${block.small ? ' style="font-size:12px;color:#666"' : ''}><a href="${escapeHtml(block.href)}">${escapeHtml(block.text)}</a></p>`;
    case 'section':
      return [
        `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(block.title)}</h2>`,
        '<ul style="padding-left:18px">',
        ...block.items.map(
          (i) =>
            `<li style="margin-bottom:8px"><a href="${escapeHtml(baseUrl + i.link)}">${escapeHtml(i.title)}</a>${i.detail ? `<br><span style="color:#666">${escapeHtml(i.detail)}</span>` : ''}</li>`,
        ),
        '</ul>',
      ].join('\n');
  }
}

export function renderDigestMail(digest: Digest, { baseUrl, unsubscribeUrl }: { baseUrl: string; unsubscribeUrl: string }): DigestMail {
  const blocks = blocksOf(digest, unsubscribeUrl);
  const subject = T.subject(digest.neighbourhood);
  const text = blocks.map((b) => asText(b, baseUrl)).join('\n\n') + '\n';
  const html = [
    '<!doctype html>',
    `<html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.45;color:#222;max-width:600px">',
    ...blocks.map((b) => asHtml(b, baseUrl)),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
