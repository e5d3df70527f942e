import type { Transporter } from 'nodemailer';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { toIsoOrNull } from '../db/time';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (notification mails), beside the plain text. */
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** What the organiser sees of outgoing mail (admin panel; /metrics shows this node's counts). */
export interface MailHealth {
  configured: boolean;
  sent: number;
  failed: number;
  /** Failures since the last mail that went out; 0 when the last one did. */
  consecutiveFailures: number;
  lastFailureAt: string | null;
  /** The SMTP server's answer or the connection error, first line only (never an address or a link). */
  lastError: string | null;
}

/** The first line of a send's error, without the address it was for (it goes to the admin panel and the queue). */
export function mailErrorLine(err: unknown, to: string): string {
  return String((err as Error)?.message ?? err)
    .split('\n')[0]!
    .replaceAll(to, '…')
    .slice(0, 300);
}

/**
 * Outgoing e-mail through the organiser's SMTP server (SMTP_URL, e.g.
 * smtp://user:pass@mail.example.org:587; smtps:// for TLS from the start). Without SMTP_URL the
 * server sends nothing and says so (`configured` is false): password help goes through an admin.
 * With a database, every outcome is also counted in its `mail_health` row, shared by all nodes
 * (`storedHealth`, the admin panel's answer); the in-memory counts are this node's (/metrics).
 */
export class Mailer {
  /** nodemailer (about 2 MiB of heap) is loaded for the first mail, not by every node as it starts. */
  private transport: Promise<Transporter> | null = null;
  private opened: Transporter | null = null;
  private counts = { sent: 0, failed: 0, consecutiveFailures: 0, lastFailureAt: null as string | null, lastError: null as string | null };
  constructor(
    private config: Config['mail'],
    private logger: Logger,
    private db?: Knex,
  ) {}

  get configured(): boolean {
    return Boolean(this.config.smtpUrl);
  }

  private open(smtpUrl: string): Promise<Transporter> {
    return (this.transport ??= import('nodemailer').then(({ default: nodemailer }) => (this.opened = nodemailer.createTransport(smtpUrl))));
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.config.smtpUrl) throw new Error('SMTP_URL is not set');
    try {
      const transport = await this.open(this.config.smtpUrl);
      await transport.sendMail({ from: this.config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    } catch (err) {
      const line = mailErrorLine(err, mail.to);
      const at = new Date().toISOString();
      this.counts.failed += 1;
      this.counts.consecutiveFailures += 1;
      this.counts.lastFailureAt = at;
      this.counts.lastError = line;
      await this.record((q) =>
        q.update({ failed: this.db!.raw('failed + 1'), consecutive_failures: this.db!.raw('consecutive_failures + 1'), last_failure_at: at, last_error: line }),
      );
      throw err;
    }
    this.counts.sent += 1;
    this.counts.consecutiveFailures = 0;
    await this.record((q) => q.update({ sent: this.db!.raw('sent + 1'), consecutive_failures: 0 }));
  }

  /** Counting never makes a send fail: a database hiccup is logged. */
  private async record(update: (q: Knex.QueryBuilder) => Knex.QueryBuilder): Promise<void> {
    if (!this.db) return;
    try {
      await update(this.db('mail_health').where({ id: 'smtp' }));
    } catch (err) {
      this.logger.warn({ err: { message: (err as Error).message } }, 'mail health could not be recorded');
    }
  }

  /** This node's counts since it started. */
  health(): MailHealth {
    return { configured: this.configured, ...this.counts };
  }

  /** Every node's counts, from the database (this node's when there is none). */
  async storedHealth(): Promise<MailHealth> {
    if (!this.db) return this.health();
    const row = (await this.db('mail_health').where({ id: 'smtp' }).first()) as
      { sent: number | string; failed: number | string; consecutive_failures: number; last_failure_at: unknown; last_error: string | null } | undefined;
    if (!row) return this.health();
    return {
      configured: this.configured,
      sent: Number(row.sent),
      failed: Number(row.failed),
      consecutiveFailures: Number(row.consecutive_failures),
      lastFailureAt: toIsoOrNull(row.last_failure_at),
      lastError: row.last_error,
    };
  }

  /**
   * Sent after the answer: the request's timing never tells whether an address has an account,
   * and a slow SMTP server never holds a request. A failure is logged (without the link).
   */
  sendLater(mail: OutgoingMail, what: string): void {
    setImmediate(() => {
      this.send(mail).catch((err: unknown) => this.logger.warn({ err: { message: (err as Error).message }, what }, 'e-mail could not be sent'));
    });
  }

  close(): void {
    this.opened?.close();
  }
}
