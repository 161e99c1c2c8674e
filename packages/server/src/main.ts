import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

/** `npm start`: run Caseload until interrupted. */
const config = loadConfig();
const server = await startServer(config, { logger: process.env.CASELOAD_LOG === 'true' });
console.log(`Caseload is running at ${server.url}`);
console.log(server.embedded ? `Embedded PostgreSQL data: ${config.dataDir}` : 'Using DATABASE_URL');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping Caseload...');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
