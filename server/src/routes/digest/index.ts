import { Router, type Response } from 'express';
import { TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import * as digest from '../../services/digest';

const T = TEXTS.digest;

/** A small page of its own (no app shell, no script): it must work in any browser a mail link opens. */
function page(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      [
        '<!doctype html>',
        `<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${digest.escapeHtml(title)}</title></head>`,
        '<body style="font-family:Arial,Helvetica,sans-serif;max-width:520px;margin:48px auto;padding:0 16px;color:#222;line-height:1.5">',
        `<h1 style="font-size:22px">${digest.escapeHtml(title)}</h1>`,
        body,
        '</body></html>',
      ].join('\n'),
    );
}

/**
 * The digest's one-click unsubscribe, without signing in (mounted at /unsubscribe/digest, outside
 * /api: a page for people and RFC 8058's POST for mail clients, which send a form body the API
 * does not take and no Origin). The signed token in the path is the only credential. GET shows a
 * confirmation with a button (a link opened by a mail scanner changes nothing); POST turns the
 * digest off, whether from that button or from the mail client's List-Unsubscribe-Post.
 */
export function digestUnsubscribeRouter(ctx: AppContext): Router {
  const router = Router();
  const memberOf = (token: string) => digest.memberOfUnsubscribeToken(ctx.config.sessionSecret, token);
  router.get('/:token', (req, res) => {
    if (!memberOf(req.params.token)) return page(res, 404, T.unsubscribeTitle, `<p>${digest.escapeHtml(T.unsubscribeInvalid)}</p>`);
    page(
      res,
      200,
      T.unsubscribeTitle,
      `<p>${digest.escapeHtml(T.unsubscribeQuestion)}</p><form method="post"><button type="submit" style="font-size:16px;padding:8px 20px">${digest.escapeHtml(T.unsubscribeButton)}</button></form>`,
    );
  });
  router.post('/:token', async (req, res) => {
    const memberId = memberOf(req.params.token);
    if (!memberId || !(await ctx.db.transaction((trx) => digest.turnDigestOff(trx, memberId))))
      return page(res, 404, T.unsubscribeTitle, `<p>${digest.escapeHtml(T.unsubscribeInvalid)}</p>`);
    ctx.logger.info({ userId: memberId }, 'weekly digest turned off by its unsubscribe link');
    page(res, 200, T.unsubscribedTitle, `<p>${digest.escapeHtml(T.unsubscribedBody)}</p>`);
  });
  return router;
}
