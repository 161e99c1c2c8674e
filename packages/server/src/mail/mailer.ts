import path from 'node:path';
import { OutboxMailer } from './outbox-mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

/** One e-mail to one recipient. `text` is always sent; `html` is the optional rich alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail. Resolves once the message is handed over (accepted by the SMTP server, or written
 * to the outbox); rejects when it could not be, so a caller can tell the user.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://host:port` or `smtps://user:password@host`; unset means the outbox folder. */
  smtpUrl?: string;
  from: string;
  /** Where the outbox lives: `{dataDir}/outbox`. */
  dataDir: string;
  log: (message: string) => void;
}

/** SMTP when configured; otherwise the embedded default, an outbox folder of .eml files. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) return new SmtpMailer(options.smtpUrl, options.from);
  return new OutboxMailer(path.join(options.dataDir, 'outbox'), options.from, options.log);
}
