import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The processes of an embedded PostgreSQL, found the way an operator would: the postmaster's pid
 * from `postmaster.pid` in its data folder, its backends as its children in /proc (Linux).
 */

/** The pid in `{dataDir}/postgres/postmaster.pid`, or undefined when there is no such file. */
export async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const text = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number(text?.split('\n')[0]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** Waits until a postmaster writes its pid file (a restart in progress), or throws. */
export async function waitForPostmaster(dataDir: string, timeoutMs: number, other?: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pid = await postmasterPid(dataDir);
    if (pid !== undefined && pid !== other && isAlive(pid)) return pid;
    if (Date.now() > deadline) throw new Error(`no PostgreSQL running in ${dataDir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** True while `pid` runs (a zombie, dead but not yet reaped, does not count). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

/** Waits until `pid` has gone, or throws. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} still runs after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The parent pid and process group of a running process, from /proc/{pid}/stat. */
function statOf(pid: number): { ppid: number; pgrp: number; state: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may hold spaces: read the fields after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, ppid: Number(fields[1]), pgrp: Number(fields[2]) };
}

function isZombie(pid: number): boolean {
  return statOf(pid)?.state === 'Z';
}

async function allPids(): Promise<number[]> {
  return (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
}

/** `pid` and every process below it (PostgreSQL's backends and helpers under the postmaster). */
export async function processTree(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const p of await allPids()) {
    const stat = statOf(p);
    if (stat) parents.set(stat.ppid, [...(parents.get(stat.ppid) ?? []), p]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** Every process of the process group `pgrp`. */
export async function processGroup(pgrp: number): Promise<number[]> {
  return (await allPids()).filter((p) => statOf(p)?.pgrp === pgrp);
}

/** Sends `signal` to each pid, ignoring those that have already gone. */
export function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}
