import { afterAll, beforeAll } from 'vitest';
import { SmtpCapture, linkToken } from '../../packages/server/src/mail/smtp-capture.ts';

/** The test file's mailbox: every e-mail the server sends, caught over real SMTP on loopback. */
export interface MailCapture {
  /** The `smtpUrl` to start the server with (`useBrowserSuite({ env: () => ({ smtpUrl: mail.url }) })`). */
  readonly url: string;
  /**
   * The page an e-mailed link opens, with its token: from the newest message to `email` (waited
   * for) linking to `path` ("/accept-invite", "/reset-password"). Relative, for `page.goto`.
   */
  link(email: string, path: string): Promise<string>;
}

/**
 * Starts an SMTP capture server before the file's tests and stops it after them. Call it before
 * `useBrowserSuite`, so it is up when the server starts and is stopped after the server is.
 */
export function useMailCapture(): MailCapture {
  let smtp: SmtpCapture | undefined;
  const running = () => {
    if (!smtp) throw new Error('the mail capture starts in beforeAll: use it inside a test or hook');
    return smtp;
  };
  beforeAll(async () => {
    smtp = await SmtpCapture.start();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  return {
    get url() {
      return running().url;
    },
    async link(email, path) {
      return `${path}?token=${linkToken(await running().waitFor(email), path)}`;
    },
  };
}
