import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A Caseload server running as a separate operating-system process (`npm start`'s entry point). */
export interface ChildServer {
  url: string;
  pid: number;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** The exit code once the process has ended (null while it runs, or when a signal ended it). */
  exitCode(): number | null;
  /** True while the process runs. */
  running(): boolean;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
  /** SIGKILL: no shutdown hooks, no draining, like a power cut for the Node process. */
  kill(): Promise<void>;
  /** Sends `signal` to the server process alone (not its process group). */
  signal(signal: NodeJS.Signals): void;
}

/** A TCP port nothing listens on right now (the child cannot report one it chose itself). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ChildServerOptions {
  /** The database to use; without one the server starts its own embedded PostgreSQL in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Extra environment, such as CASELOAD_ADMIN_EMAIL and CASELOAD_ADMIN_PASSWORD. */
  extra?: Record<string, string>;
  /** Node's flags before the entry point (`npm start` gives SERVER_NODE_FLAGS). */
  nodeFlags?: readonly string[];
}

/**
 * Starts `node [nodeFlags] --import tsx packages/server/src/main.ts` in its own process group and
 * waits until it answers HTTP. Node runs the server itself (no `npx`/`tsx` wrapper in between), so the pid is the
 * server's and SIGKILL reaches it; the group also holds tsx's esbuild helper, killed with it.
 */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const server = await spawnChildServer(options);
  try {
    await waitUntilAnswering(server, 60_000);
  } catch (error) {
    await server.kill();
    throw new Error(`${(error as Error).message}\n--- child output ---\n${server.output()}`);
  }
  return server;
}

/** Starts the server process without waiting for it to answer (for starts expected to fail). */
export async function spawnChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.extra,
    PORT: String(port),
    HOST: '127.0.0.1',
    CASELOAD_DATA_DIR: options.dataDir,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    exitCode: () => child.exitCode,
    running: () => child.exitCode === null && child.signalCode === null,
    exited,
    kill: () => killGroup(child, exited),
    signal: (signal) => child.kill(signal),
  };
}

async function killGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }
  await exited;
}

async function waitUntilAnswering(server: ChildServer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.running()) throw new Error(`the server exited with code ${server.exitCode()} before answering`);
    try {
      // Any HTTP answer will do: the server listens only once migrations and routes are ready.
      await fetch(`${server.url}/api/v1/practices/not-provisioned/Patients`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`the server did not answer at ${server.url} within ${timeoutMs} ms`);
}
