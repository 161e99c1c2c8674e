import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the capture server received, parsed. */
export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

/**
 * For tests: a real SMTP server on loopback (the `smtp-server` package) on a free port that keeps
 * every message it receives, parsed with mailparser. Point Caseload at `url` with SMTP_URL.
 */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<SmtpCapture> {
    // Mail can only arrive once the server listens, by which time `capture` is set.
    // eslint-disable-next-line prefer-const
    let capture: SmtpCapture | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            capture!.receive(
              parsed,
              session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            );
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.server.address() as AddressInfo;
    capture = new SmtpCapture(server, `smtp://127.0.0.1:${port}`);
    return capture;
  }

  private receive(parsed: ParsedMail, to: string[]): void {
    const from = Array.isArray(parsed.from) ? parsed.from[0]?.text : parsed.from?.text;
    this.messages.push({
      to,
      from: from ?? '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      parsed,
    });
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Messages to one address so far. */
  to(address: string): CapturedMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Waits until there are at least `count` messages to the address, then returns the newest. */
  async waitFor(address: string, count = 1, timeoutMs = 10_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.to(address).at(-1)!;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The `token` query parameter of the first link in a message to `{base}{path}?token=...`. */
export function linkToken(mail: CapturedMail, path: string): string {
  const match = new RegExp(`(https?://\\S+${path.replace(/[/-]/g, '\\$&')})\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[2]!;
}
