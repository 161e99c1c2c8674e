import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { OPENAPI_FILE, openApiText } from './http/openapi-document.ts';
import { startServer } from './server.ts';

/**
 * `npm run openapi`: writes docs/openapi.json from the routes' contracts. It starts the server as
 * `npm start` would (on DATABASE_URL, else an embedded PostgreSQL in a folder of its own, removed
 * after), since the document is the one the server itself serves at /api/docs/json.
 */
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-openapi-'));
await fs.chmod(dataDir, 0o755);
const config = {
  ...loadConfig(),
  dataDir,
  host: '127.0.0.1',
  port: 0,
  // An administrator to bootstrap means no demo practice is generated for this short run.
  adminEmail: 'reference@caseload.local',
  adminPassword: 'battery-staple-horse-9',
};
const server = await startServer(config, { log: () => {} }).catch(async (error: unknown) => {
  await fs.rm(dataDir, { recursive: true, force: true });
  throw error;
});
try {
  await fs.writeFile(OPENAPI_FILE, openApiText(server.app.swagger()));
  console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
} finally {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
