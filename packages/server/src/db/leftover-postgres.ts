import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Shutdown requests in order of force, with how long each gets: fast shutdown (SIGINT: ends
 * sessions, writes a checkpoint), immediate shutdown (SIGQUIT: crash recovery at the next start),
 * then SIGKILL.
 */
const STOP_STEPS: [NodeJS.Signals, number][] = [
  ['SIGINT', 30_000],
  ['SIGQUIT', 5_000],
  ['SIGKILL', 5_000],
];

/**
 * Makes way for a new PostgreSQL in `databaseDir`. A server that died without stopping its
 * PostgreSQL (SIGKILL, the OOM killer) leaves it running and holding `postmaster.pid`, and a new
 * one refuses to start beside it. If the pid in that file is a live PostgreSQL serving this very
 * folder whose server has died (init or a service manager adopted it), it is stopped cleanly.
 * One whose parent is still a running Node process belongs to another server using this folder:
 * the start fails and says so. Any other pid (dead, or since given to another process, which is
 * left alone) makes the file stale, and it is removed.
 */
export async function makeWayForPostgres(databaseDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  let text: string;
  try {
    text = await fs.readFile(pidFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const pid = Number(text.split('\n')[0]);
  if (Number.isSafeInteger(pid) && pid > 0 && (await isPostgresServing(pid, databaseDir))) {
    const owner = await parentOf(pid);
    if (owner !== undefined && owner !== process.pid && isNode(await commandLineOf(owner))) {
      throw new Error(
        `The PostgreSQL in ${databaseDir} (pid ${pid}) belongs to a process that is still running (pid ${owner}). ` +
          'Is another Caseload server using this data folder? Stop it, or give this one another CASELOAD_DATA_DIR.',
      );
    }
    log(`Stopping the PostgreSQL (pid ${pid}) an earlier run left running in ${databaseDir}`);
    await stopProcess(pid);
    // A clean shutdown removes the file; after SIGKILL it stays, naming a dead process.
    await fs.rm(pidFile, { force: true });
    return;
  }
  log(`Removing a stale ${pidFile}: process ${text.split('\n')[0]} is not a PostgreSQL of this folder`);
  await fs.rm(pidFile, { force: true });
}

/** True when `pid` is a running postmaster started with `-D databaseDir`. */
async function isPostgresServing(pid: number, databaseDir: string): Promise<boolean> {
  if (!isRunning(pid)) return false;
  const args = await commandLineOf(pid);
  if (!args || !/^(postgres|postmaster)$/.test(path.basename(args[0] ?? ''))) return false;
  const at = args.indexOf('-D');
  return at >= 0 && path.resolve(args[at + 1] ?? '') === path.resolve(databaseDir);
}

/** The process's arguments: from /proc on Linux, else from `ps` (which splits at spaces). */
async function commandLineOf(pid: number): Promise<string[] | undefined> {
  try {
    const raw = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter((arg) => arg !== '');
  } catch {
    // No /proc (macOS): ask ps.
  }
  try {
    const { stdout } = await promisify(execFile)('ps', ['-o', 'args=', '-p', String(pid)]);
    return stdout.trim().split(/\s+/);
  } catch {
    return undefined;
  }
}

/** True for the command line of a Node process (the server that started a PostgreSQL). */
function isNode(args: string[] | undefined): boolean {
  const program = path.basename(args?.[0] ?? '');
  return program === 'node' || program === path.basename(process.execPath);
}

/** The parent process of `pid`: from /proc on Linux, else from `ps`. */
async function parentOf(pid: number): Promise<number | undefined> {
  const fromProc = statFields(pid)?.[1];
  if (fromProc !== undefined) return Number(fromProc);
  try {
    const { stdout } = await promisify(execFile)('ps', ['-o', 'ppid=', '-p', String(pid)]);
    return Number(stdout.trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** Sends each stop request in turn until the process has gone. */
async function stopProcess(pid: number): Promise<void> {
  for (const [signal, waitMs] of STOP_STEPS) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw error;
    }
    if (await exitsWithin(pid, waitMs)) return;
  }
  throw new Error(`The PostgreSQL (pid ${pid}) left running in the data folder did not stop.`);
}

async function exitsWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** True while `pid` runs; a zombie (dead, waiting for its parent to reap it) does not count. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  // Without /proc a zombie counts as running, which errs on the side of waiting.
  return statFields(pid)?.[0] === 'Z';
}

/** The fields of /proc/{pid}/stat after the command name (which may hold spaces): state, parent, ... */
function statFields(pid: number): string[] | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // Gone, or no /proc (macOS).
    return undefined;
  }
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
