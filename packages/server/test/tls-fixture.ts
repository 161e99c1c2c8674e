import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { startServer, type RunningServer } from '../src/server.ts';

const TLS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/tls');

/**
 * The settings that give the server the test certificate for localhost (fixtures/tls): HTTPS and
 * HTTP/2, as a deployment with a certificate. Its key is public; it only ever serves this machine.
 * Used by the server's and the browser's HTTPS tests and by `bench/web-lighthouse.ts`.
 */
export const TEST_TLS_ENV = {
  CASELOAD_TLS_CERT: path.join(TLS_DIR, 'localhost-cert.pem'),
  CASELOAD_TLS_KEY: path.join(TLS_DIR, 'localhost-key.pem'),
};

/** Caseload over HTTPS on a free port of this machine, with `admin` as its internal administrator. */
export async function startTlsServer(databaseUrl: string, admin: { email: string; password: string }): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-tls-'));
  return startServer(
    { ...loadConfig(TEST_TLS_ENV), port: 0, databaseUrl, dataDir, adminEmail: admin.email, adminPassword: admin.password },
    { log: () => {} },
  );
}
