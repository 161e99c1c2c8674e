import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { isLoopback, type Config } from './config.ts';
import { LocalContentStore } from './content/local-content-store.ts';
import { Database } from './db/database.ts';
import { startEmbeddedDatabase } from './db/embedded-database.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_ADMIN, demoSignIns, ensureDemoPractice, type DemoSignIn } from './demo/demo-practice.ts';
import { ensureBootstrapAdmin } from './identity/bootstrap.ts';
import { createMailer } from './mail/mailer.ts';
import { ensureSpeechRuleTemplates } from './scribe/speech-rule-templates.ts';
import { startInterruptedTranscriptionSweep } from './scribe/transcription-queue.ts';
import { startUnsignedAudioSweep } from './scribe/unsigned-audio-sweep.ts';
import { startSweeper } from './storage/sweeper.ts';
import { startPacketReminders } from './packets/packet-reminders.ts';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** True when the server started its own embedded PostgreSQL. */
  embedded: boolean;
  /** The demo practice's sign-ins, when this database holds the demo practice. */
  demoSignIns?: DemoSignIn[];
  close(): Promise<void>;
}

export interface StartOptions {
  log?: (message: string) => void;
  logger?: boolean;
  clock?: () => Date;
}

/**
 * Starts Caseload: the database (the configured one, or an embedded one it owns), migrations,
 * the HTTP server and the background sweeper. `close` stops all of them, in reverse order.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((m: string) => console.log(m));
  const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase(config.dataDir, log);
  const url = config.databaseUrl ?? embedded!.url;
  try {
    await migrate(url, config.databaseLimits.connectMs);
    const db = new Database(url, { limits: config.databaseLimits, log });
    if (config.adminEmail && config.adminPassword) {
      await ensureBootstrapAdmin(db.pool, config.adminEmail, config.adminPassword);
    }
    const content = new LocalContentStore(path.join(config.dataDir, 'content'));
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
    const tls = config.tls && { cert: await fs.readFile(config.tls.certFile), key: await fs.readFile(config.tls.keyFile) };
    const scheme = tls ? 'https' : 'http';
    // Links in e-mails use CASELOAD_PUBLIC_URL, else this server's address once it listens.
    let serverUrl = `${scheme}://${config.host}:${config.port}`;
    const app = await buildApp({
      db,
      content,
      maxJsonBytes: config.maxJsonBytes,
      maxContentBytes: config.maxContentBytes,
      logger: options.logger,
      clock: options.clock,
      mailer,
      publicUrl: () => config.publicUrl ?? serverUrl,
      tls,
      scribe: config.scribe,
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    serverUrl = `${scheme}://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    const sweeper = startSweeper(db, content, log);
    await ensureSpeechRuleTemplates(db, app.audit);
    const interrupted = startInterruptedTranscriptionSweep(app.transcriptions, app.practices, config.scribe.timeoutMs, log);
    const unsignedAudio = startUnsignedAudioSweep(db, app.audit, app.practices, options.clock ?? (() => new Date()), log);
    const reminders = startPacketReminders(
      db,
      app.audit,
      app.practices,
      { mailer, publicUrl: () => config.publicUrl ?? serverUrl, clock: options.clock ?? (() => new Date()) },
      log,
    );
    // A first start with nobody to sign in as gets the demo practice, so a newcomer can look around.
    // Its passwords are printed and well known: never on a server other machines can reach.
    if (!config.adminEmail && isLoopback(config.host)) await ensureDemoPractice(db, app.audit, app.practices, content, log);
    const hasDemo = (await db.pool.query('SELECT 1 FROM accounts WHERE email = $1', [DEMO_ADMIN])).rowCount === 1;
    return {
      app,
      url: serverUrl,
      embedded: embedded !== undefined,
      demoSignIns: hasDemo ? demoSignIns() : undefined,
      async close() {
        embedded?.shuttingDown();
        sweeper.stop();
        interrupted.stop();
        unsignedAudio.stop();
        reminders.stop();
        await app.close();
        await db.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
