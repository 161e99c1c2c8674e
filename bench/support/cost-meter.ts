import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { withClient } from './postgres.ts';

/**
 * What a run cost the server and PostgreSQL: CPU time from /proc, transactions and rows written
 * from pg_stat_database. On a shared two-core machine requests per second move with whatever else
 * runs; the cost of one request moves much less, and says where Caseload's time goes beside the
 * bare server's.
 */

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
// Backends flush their statistics about once a second when idle (PostgreSQL 15).
const STATS_FLUSH_MS = 1500;

/** CPU milliseconds all cores spent on anything but idle since boot. */
function machineBusyMs(): number {
  return os.cpus().reduce((sum, { times: t }) => sum + t.user + t.nice + t.sys + t.irq, 0);
}

/** utime + stime of a process in milliseconds, or 0 once it has gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

interface DatabaseSnapshot {
  pids: number[];
  transactions: number;
  rowsWritten: number;
}

async function snapshot(databaseUrl: string, database: string): Promise<DatabaseSnapshot> {
  return withClient(databaseUrl, async (db) => {
    const backends = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      database,
    ]);
    const stats = await db.query<{ transactions: string; written: string }>(
      `SELECT xact_commit + xact_rollback AS transactions, tup_inserted + tup_updated + tup_deleted AS written
       FROM pg_stat_database WHERE datname = $1`,
      [database],
    );
    return {
      pids: backends.rows.map((r) => r.pid),
      transactions: Number(stats.rows[0]!.transactions),
      rowsWritten: Number(stats.rows[0]!.written),
    };
  });
}

export interface Cost {
  /** CPU milliseconds of the server's Node process. */
  serverCpuMs: number;
  /** CPU milliseconds of every PostgreSQL backend of the database. */
  databaseCpuMs: number;
  /** Committed and rolled-back transactions (each statement outside BEGIN is one). */
  transactions: number;
  /** Rows inserted, updated or deleted. */
  rowsWritten: number;
  /** CPU milliseconds of this process: the load generator. */
  loadGeneratorCpuMs: number;
  /** Share of the machine's CPU that none of the above used: other people's work, or the kernel. */
  otherShare: number;
}

export interface CostMeter {
  stop(): Promise<Cost>;
}

export async function startCostMeter(serverPid: number, databaseUrl: string, database: string): Promise<CostMeter> {
  const before = await snapshot(databaseUrl, database);
  const cpuBefore = new Map<number, number>();
  for (const pid of [serverPid, ...before.pids]) cpuBefore.set(pid, cpuMs(pid));
  const started = { at: performance.now(), busy: machineBusyMs(), self: process.cpuUsage() };
  return {
    async stop() {
      const used = (pid: number) => Math.max(0, cpuMs(pid) - (cpuBefore.get(pid) ?? 0));
      const elapsed = performance.now() - started.at;
      const busy = machineBusyMs() - started.busy;
      const self = process.cpuUsage(started.self);
      const loadGeneratorCpuMs = (self.user + self.system) / 1000;
      const serverCpuMs = used(serverPid);
      const pids = new Set([...before.pids, ...(await snapshot(databaseUrl, database)).pids]);
      // A backend first seen now was started during the run, so all of its time belongs to it.
      let databaseCpuMs = 0;
      for (const pid of pids) databaseCpuMs += used(pid);
      // When this process is itself the measured one, its time is counted once.
      const ours = (serverPid === process.pid ? 0 : serverCpuMs) + databaseCpuMs + loadGeneratorCpuMs;
      const otherShare = Math.max(0, busy - ours) / (elapsed * os.cpus().length);
      await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
      const after = await snapshot(databaseUrl, database);
      return {
        serverCpuMs,
        databaseCpuMs,
        transactions: after.transactions - before.transactions,
        rowsWritten: after.rowsWritten - before.rowsWritten,
        loadGeneratorCpuMs,
        otherShare,
      };
    },
  };
}
