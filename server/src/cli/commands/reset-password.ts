import { parseArgs } from 'node:util';
import { isCommonPassword, isPasswordAcceptable, LIMITS, TEXTS } from '@mahalle/shared';
import { findByLogin } from '../../services/operations/admins';
import { createResetLinkAsAdmin, setPasswordAsAdmin } from '../../services/account-links';
import { usageError, CliError, type CliCommand } from '../types';
import { newPasswordRulesReady } from '../../services/passwords';

/**
 * `reset-password <user>`: prints a one-hour, single-use link (the same one the e-mail and the
 * admin workspace give; following it ends every session of the member), or with `--password X`
 * sets that password at once and ends every session now. Both are in the audit log.
 */
export const resetPasswordCommand: CliCommand = {
  name: 'reset-password',
  usage: '<kullanıcı> [--password X]',
  summary: {
    tr: 'Bir üyeye tek kullanımlık şifre yenileme bağlantısı verir ya da şifresini belirler; tüm oturumlarını kapatır',
    en: 'Prints a single-use password link for a member, or sets the password; signs the member out everywhere',
  },
  details: {
    tr: `<kullanıcı> kullanıcı adı ya da e-postadır. Bağlantı ${LIMITS.accountLinkMinutes} dakika geçerlidir, yalnızca bir kez kullanılır ve üyenin önceki bağlantısının yerini alır; PUBLIC_URL ayarlıysa tam adres olarak yazılır. --password verilirse şifre hemen değişir ve üyenin tüm oturumları kapanır (şifre kabuk geçmişinde kalabilir; mümkünse bağlantıyı kullanın).`,
    en: `<user> is a username or e-mail. The link is valid for ${LIMITS.accountLinkMinutes} minutes, works once and replaces the member's earlier link; with PUBLIC_URL set it is printed as a whole address. With --password the password changes at once and every session of the member ends (the password may stay in the shell history; prefer the link).`,
  },
  async run(ctx, args) {
    let parsed;
    try {
      parsed = parseArgs({ args, options: { password: { type: 'string' } }, strict: true, allowPositionals: true });
    } catch (e) {
      throw usageError(this, { tr: String((e as Error).message), en: String((e as Error).message) });
    }
    const login = parsed.positionals.at(0);
    if (!login || parsed.positionals.length > 1) throw usageError(this, { tr: 'Bir kullanıcı adı ya da e-posta verin', en: 'Give a username or e-mail' });
    const db = await ctx.db();
    const user = await findByLogin(db, login);
    if (!user) throw new CliError({ tr: `Böyle bir kullanıcı yok: ${login}`, en: `No such user: ${login}` });
    const actor = { id: null, username: ctx.actorLabel };

    const password = parsed.values.password;
    if (password !== undefined) {
      if (password.length < LIMITS.passwordInputMin || password.length > LIMITS.passwordMaxLength || !isPasswordAcceptable(password)) {
        throw new CliError({ tr: TEXTS.auth.weakPassword, en: 'The password does not meet the strength rule (length, letters and digits)' });
      }
      await newPasswordRulesReady();
      if (isCommonPassword(password)) throw new CliError({ tr: TEXTS.auth.commonPassword, en: 'This password is too common; choose another' });
      const ended = await setPasswordAsAdmin(db, ctx.passwords(), actor, user.id, password);
      ctx.out(`${user.username}: şifre değiştirildi, ${ended.length} oturum kapatıldı. / Password set, ${ended.length} sessions ended.`);
      return 0;
    }

    const link = await createResetLinkAsAdmin(db, actor, user.id, ctx.config.publicUrl);
    ctx.out(`Şifre yenileme bağlantısı / Password link for ${user.username} (${LIMITS.accountLinkMinutes} dk/min, tek kullanımlık / single use):`);
    ctx.out(link.url);
    if (!ctx.config.publicUrl) {
      ctx.out("PUBLIC_URL ayarlı değil: bağlantıyı sitenin adresiyle tamamlayın. / PUBLIC_URL is not set: put the site's address in front of the link.");
    }
    ctx.out(`Geçerlilik sonu / Expires: ${link.expiresAt}`);
    return 0;
  },
};
