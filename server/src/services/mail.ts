import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (the same content). */
  html?: string;
  /** Extra headers (List-Unsubscribe...). */
  headers?: Record<string, string>;
}

/** What the organiser sees of outgoing mail on this node (admin panel and /metrics). */
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

/**
 * Outgoing e-mail through the organiser's SMTP server (SMTP_URL, e.g.
 * smtp://user:pass@mail.example.org:587; smtps:// for TLS from the start). Without SMTP_URL the
 * server sends nothing and says so (`configured` is false): password help goes through an admin.
 */
export class Mailer {
  private transport: Transporter | null;
  private counts = { sent: 0, failed: 0, consecutiveFailures: 0, lastFailureAt: null as string | null, lastError: null as string | null };
  constructor(
    private config: Config['mail'],
    private logger: Logger,
  ) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set');
    try {
      await this.transport.sendMail({ from: this.config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    } catch (err) {
      this.counts.failed += 1;
      this.counts.consecutiveFailures += 1;
      this.counts.lastFailureAt = new Date().toISOString();
      this.counts.lastError = String((err as Error)?.message ?? err)
        .split('\n')[0]!
        .replaceAll(mail.to, '…')
        .slice(0, 300);
      throw err;
    }
    this.counts.sent += 1;
    this.counts.consecutiveFailures = 0;
  }

  health(): MailHealth {
    return { configured: this.configured, ...this.counts };
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
    this.transport?.close();
  }
}
