import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { OutboxMailer } from './outbox-mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('the outbox mailer (no SMTP configured)', () => {
  it('writes each message as an .eml file under {dataDir}/outbox and logs where', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-outbox-'));
    dirs.push(dataDir);
    const logged: string[] = [];
    const mailer = createMailer({ from: 'Caseload <no-reply@caseload.local>', dataDir, log: (m) => logged.push(m) });
    expect(mailer).toBeInstanceOf(OutboxMailer);

    await mailer.send({ to: 'ada@example.org', subject: 'Hello', text: 'Open https://x.test/a?token=abc', html: '<p>Hi</p>' });
    await mailer.send({ to: 'bob@example.org', subject: 'Second', text: 'Two' });

    const outbox = path.join(dataDir, 'outbox');
    const files = (await fs.readdir(outbox)).map((f) => path.join(outbox, f));
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const parsed = await Promise.all(files.map(async (f) => ({ file: f, mail: await simpleParser(await fs.readFile(f)) })));
    const first = parsed.find((p) => p.mail.subject === 'Hello')!;
    expect(first.mail.text).toContain('https://x.test/a?token=abc');
    expect(first.mail.html).toContain('<p>Hi</p>');
    expect(first.mail.from?.value[0]).toMatchObject({ name: 'Caseload', address: 'no-reply@caseload.local' });
    expect(first.mail.to && !Array.isArray(first.mail.to) ? first.mail.to.text : '').toBe('ada@example.org');
    expect(logged).toContain(`Mail to ada@example.org written to ${first.file}`);
    expect(logged).toHaveLength(2);
    // The files hold sign-in links: readable by the server's user only.
    expect((await fs.stat(first.file)).mode & 0o777).toBe(0o600);
  });

  it('is replaced by SMTP when SMTP_URL is set', () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'x@y.z', dataDir: '/nonexistent', log: () => {} });
    expect(mailer).toBeInstanceOf(SmtpMailer);
    (mailer as SmtpMailer).close();
  });
});
