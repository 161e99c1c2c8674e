import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../packages/server/src/node-flags.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Caseload's server; started with the Node flags `npm start` gives it (SERVER_NODE_FLAGS). */
export const CASELOAD_SERVER = 'packages/server/src/main.ts';

export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A crashed or interrupted benchmark must not leave servers holding the database open.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Runs a server script in its own Node process, so the load generator in this process never
 * shares its event loop. The script must print `running at <url>` once it listens.
 */
export function startChildServer(
  entry: string,
  env: Record<string, string>,
  label: string,
  /** Extra flags for node itself (`--cpu-prof`, which NODE_OPTIONS does not allow). */
  nodeArgs: readonly string[] = [],
): Promise<ChildServer> {
  const flags = entry === CASELOAD_SERVER ? [...SERVER_NODE_FLAGS, ...nodeArgs] : nodeArgs;
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', path.resolve(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${label}] ${chunk}`));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return new Promise((resolve, reject) => {
    // BENCH_START_TIMEOUT_S: on a shared machine under heavy load, tsx's first transform of the server takes longer.
    const seconds = Number(process.env.BENCH_START_TIMEOUT_S) || 60;
    const timer = setTimeout(() => fail(new Error(`${label} did not start within ${seconds} s`)), seconds * 1000);
    let output = '';
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    }
    const onEarlyExit = (code: number | null) => fail(new Error(`${label} exited with ${code} before listening:\n${output}`));
    child.once('exit', onEarlyExit);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /running at (\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', onEarlyExit);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({
        url: match[1]!,
        pid: child.pid!,
        async stop() {
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(killer);
          running.delete(child);
        },
      });
    });
  });
}
