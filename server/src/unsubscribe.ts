import type { Express, Request, Response } from 'express';
import { TEXTS, type MailKind } from '@mahalle/shared';
import type { AppContext } from './context';
import { readUnsubscribeToken, unsubscribeWithToken } from './services/delivery';

const T = TEXTS.delivery;
// Text between tags only (the one attribute, the form's action, is URI-encoded).
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const kindName = (kind: MailKind) => (kind === 'digest' ? T.digest : TEXTS.notificationSettings.groups[kind]);

function page(res: Response, status: number, body: string): void {
  res
    .status(status)
    .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' })
    .send(
      `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(T.unsubscribeTitle)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">${escape(T.unsubscribeTitle)}</h1>${body}</body></html>`,
    );
}

const tokenOf = (req: Request) => (typeof req.query.token === 'string' ? req.query.token : '');

/**
 * The one-click unsubscribe link of notification e-mails (/unsubscribe?token=…), outside /api: a
 * page, not the JSON API, and it works without signing in (the token is signed per member and
 * kind). GET only asks (link checkers in mail systems open links); POST unsubscribes: the page's
 * button, or the mail program itself (RFC 8058: `List-Unsubscribe=One-Click`, from another site,
 * so no same-origin check: the token is the proof).
 */
export function mountUnsubscribe(app: Express, ctx: AppContext): void {
  app.get('/unsubscribe', (req, res) => {
    const token = tokenOf(req);
    const read = readUnsubscribeToken(ctx.config.sessionSecret, token);
    if (!read) return page(res, 400, `<p>${escape(T.unsubscribeInvalid)}</p>`);
    page(
      res,
      200,
      `<p>${escape(T.unsubscribeAsk(kindName(read.kind)))}</p>` +
        `<form method="post" action="/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit" style="font:inherit;padding:.5rem 1rem">${escape(T.unsubscribeButton)}</button></form>`,
    );
  });
  app.post('/unsubscribe', async (req, res, next) => {
    try {
      const kind = await unsubscribeWithToken(ctx, tokenOf(req));
      if (!kind) return page(res, 400, `<p>${escape(T.unsubscribeInvalid)}</p>`);
      page(res, 200, `<p>${escape(T.unsubscribeDone(kindName(kind)))}</p>`);
    } catch (err) {
      next(err);
    }
  });
}
