import { parseArgs } from 'node:util';
import { createAdmin, listAdmins, setRole } from '../../services/operations/admins';
import { toIso } from '../../db/time';
import { formatTable } from '../format';
import { usageError, CliError, type CliCommand, type CliContext } from '../types';

function actor(ctx: CliContext) {
  return { id: null, username: ctx.actorLabel };
}

function parse(command: CliCommand, args: string[], options: Record<string, { type: 'string' | 'boolean' }> = {}) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (e) {
    throw usageError(command, { tr: String((e as Error).message), en: String((e as Error).message) });
  }
}

/** The password: typed twice, hidden, on a terminal; the first line of standard input otherwise. */
async function readPassword(ctx: CliContext): Promise<string> {
  const first = await ctx.prompt('Şifre / Password: ', { hidden: true });
  if (first === null || first === '') throw new CliError({ tr: 'Şifre verilmedi', en: 'No password given' });
  if (process.stdin.isTTY) {
    const again = await ctx.prompt('Şifre (tekrar) / Password (again): ', { hidden: true });
    if (again !== first) throw new CliError({ tr: 'Şifreler aynı değil', en: 'The passwords differ' });
  }
  return first;
}

export const createAdminCommand: CliCommand = {
  name: 'create-admin',
  usage: '<kullanıcı> --email E [--name "Ad Soyad"]',
  summary: { tr: 'Yeni bir yönetici hesabı oluşturur (şifreyi sorar)', en: 'Creates a new admin account (asks for the password)' },
  details: {
    tr: 'Şifre terminalde iki kez gizli sorulur; terminal yoksa standart girdinin ilk satırıdır.',
    en: 'The password is asked twice, hidden, on a terminal; otherwise it is the first line of standard input.',
  },
  async run(ctx, args) {
    const { values, positionals } = parse(this, args, { email: { type: 'string' }, name: { type: 'string' } });
    const username = positionals.at(0);
    const email = values.email;
    if (!username || positionals.length > 1 || typeof email !== 'string') {
      throw usageError(this, { tr: 'Bir kullanıcı adı ve --email verin', en: 'Give a username and --email' });
    }
    const db = await ctx.db();
    const password = await readPassword(ctx);
    const displayName = typeof values.name === 'string' ? values.name : 'Yönetici';
    const user = await createAdmin(db, ctx.passwords(), { username, email, displayName, password }, actor(ctx));
    ctx.out(`Yönetici oluşturuldu / Admin created: ${user.username} (#${user.id})`);
    return 0;
  },
};

function roleCommand(name: 'promote' | 'demote', role: 'admin' | 'user'): CliCommand {
  return {
    name,
    usage: '<kullanıcı>',
    summary:
      role === 'admin'
        ? { tr: 'Bir üyeyi yönetici yapar', en: 'Makes a member an admin' }
        : { tr: 'Bir yöneticiyi üye yapar (son yönetici hariç)', en: 'Makes an admin a member (never the last admin)' },
    async run(ctx, args) {
      const { positionals } = parse(this, args);
      const login = positionals.at(0);
      if (!login || positionals.length > 1) throw usageError(this, { tr: 'Bir kullanıcı adı ya da e-posta verin', en: 'Give a username or e-mail' });
      const { user, changed } = await setRole(await ctx.db(), login, role, actor(ctx));
      if (!changed) ctx.out(role === 'admin' ? `${user.username} zaten yönetici. / Already an admin.` : `${user.username} zaten üye. / Already a member.`);
      else ctx.out(role === 'admin' ? `${user.username} artık yönetici. / Now an admin.` : `${user.username} artık üye. / Now a member.`);
      return 0;
    },
  };
}

export const promoteCommand = roleCommand('promote', 'admin');
export const demoteCommand = roleCommand('demote', 'user');

export const listAdminsCommand: CliCommand = {
  name: 'list-admins',
  usage: '',
  summary: { tr: 'Yöneticileri listeler', en: 'Lists the admins' },
  async run(ctx, args) {
    if (args.length > 0) throw usageError(this, { tr: `Beklenmeyen argüman: ${args.join(' ')}`, en: `Unexpected argument: ${args.join(' ')}` });
    const admins = await listAdmins(await ctx.db());
    const rows = admins.map((a) => [String(a.id), a.username, a.display_name, a.email, toIso(a.created_at).slice(0, 10)]);
    for (const line of formatTable(['id', 'kullanıcı/user', 'ad/name', 'e-posta/e-mail', 'kayıt/joined'], rows)) ctx.out(line);
    ctx.out(`${admins.length} yönetici / admins`);
    return 0;
  },
};
