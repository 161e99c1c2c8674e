import fs from 'node:fs/promises';
import { ADMIN_URL, withClient } from './postgres.ts';

/**
 * EXPLAIN ANALYZE of exactly the SQL the server runs, whatever its code looks like today: the
 * auto_explain module (PostgreSQL contrib) logs the plan of every statement in the database, and
 * the plans are read back from the cluster's log. Settings apply to connections opened after
 * `enable`, so the server is started after it.
 */

export const PG_LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

export async function enablePlanLogging(database: string): Promise<void> {
  await withClient(ADMIN_URL, async (admin) => {
    for (const setting of [
      `session_preload_libraries = 'auto_explain'`,
      'auto_explain.log_min_duration = 0',
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
    ]) {
      await admin.query(`ALTER DATABASE ${database} SET ${setting}`);
    }
  });
}

export async function disablePlanLogging(database: string): Promise<void> {
  await withClient(ADMIN_URL, (admin) => admin.query(`ALTER DATABASE ${database} RESET ALL`));
}

export interface LoggedPlan {
  durationMs: number;
  /** `Query Text:` and the plan beneath it, as auto_explain wrote them. */
  text: string;
}

/** Runs `exercise` and returns the plans logged for `database` meanwhile. */
export async function plansDuring(database: string, exercise: () => Promise<void>): Promise<LoggedPlan[]> {
  const start = (await fs.stat(PG_LOG)).size;
  await exercise();
  // The log is written by another process; give it a moment to reach the file.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const handle = await fs.open(PG_LOG, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    return parsePlans(buffer.toString('utf8'), database);
  } finally {
    await handle.close();
  }
}

/** A plan entry is its `duration: … plan:` line and the tab-indented lines that follow it. */
function parsePlans(log: string, database: string): LoggedPlan[] {
  const plans: LoggedPlan[] = [];
  let current: { durationMs: number; lines: string[] } | undefined;
  const header = new RegExp(`@${database} LOG:  duration: ([\\d.]+) ms  plan:`);
  for (const line of log.split('\n')) {
    const match = header.exec(line);
    if (match) {
      if (current) plans.push({ durationMs: current.durationMs, text: current.lines.join('\n') });
      current = { durationMs: Number(match[1]), lines: [] };
    } else if (current && line.startsWith('\t')) {
      current.lines.push(line.slice(1));
    } else if (current) {
      plans.push({ durationMs: current.durationMs, text: current.lines.join('\n') });
      current = undefined;
    }
  }
  if (current) plans.push({ durationMs: current.durationMs, text: current.lines.join('\n') });
  return plans;
}
