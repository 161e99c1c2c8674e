import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.ts';

/**
 * The embedded default when no SMTP server is configured: each message becomes a complete
 * RFC 5322 file (`.eml`, openable by any mail client) in the outbox folder, and the path is logged
 * so whoever runs the server can open the link inside.
 */
export class OutboxMailer implements Mailer {
  private readonly composer: Transporter;

  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly log: (message: string) => void,
  ) {
    this.composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.composer.sendMail({ from: this.from, ...message });
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Sortable by time, unique across servers sharing the folder.
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    // Mode 600: the message carries a sign-in link.
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log(`Mail to ${message.to} written to ${file}`);
  }
}
