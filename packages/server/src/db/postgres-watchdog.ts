import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

export interface Watchdog {
  /** Ends the watchdog without touching PostgreSQL (before an orderly stop, or a restart). */
  dismiss(): void;
}

/**
 * Asks the PostgreSQL process `pid` for a fast shutdown when this process dies, however it dies:
 * no handler runs on SIGKILL, so a small shell waits on a pipe from this process instead. The
 * kernel closes the pipe when this process ends, the shell's `read` returns, and it signals
 * PostgreSQL. The next start still stops anything left over (leftover-postgres.ts); this only
 * keeps a killed server from leaving its database running until then.
 */
export function startWatchdog(pid: number, log: (message: string) => void): Watchdog {
  const shell = spawn('/bin/sh', ['-c', 'read line; kill -INT "$0" 2>/dev/null', String(pid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  shell.on('error', (error) => log(`No watchdog for the embedded PostgreSQL: ${error.message}`));
  // Neither the shell nor its pipe may keep this process alive.
  shell.unref();
  (shell.stdin as Socket | null)?.unref();
  return {
    dismiss() {
      shell.kill('SIGKILL');
    },
  };
}
