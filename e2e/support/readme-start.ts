import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../packages/server/src/node-flags.ts';
import { spawnChildServer, type ChildServer } from '../../packages/server/test/child-server.ts';

/** One sign-in line of what the server prints: the role and its e-mail. */
export interface PrintedSignIn {
  role: string;
  email: string;
}

/** The demo practice's sign-ins as a first start prints them (main.ts). */
export interface PrintedDemo {
  practice: string;
  signInUrl: string;
  password: string;
  signIns: PrintedSignIn[];
}

/**
 * Reads the demo practice's sign-ins from what the server printed, as a newcomer reads them:
 *
 * ```
 * Demo practice "demo": sign in at http://127.0.0.1:8080/sign-in with password caseload-demo-2026
 *   Internal administrator (SysAdmin)    admin@demo.caseload.local
 *   ...
 * ```
 *
 * Undefined until the header and at least one sign-in line are there.
 */
export function parsePrintedDemo(output: string): PrintedDemo | undefined {
  const header = /^Demo practice "([^"]+)": sign in at (\S+) with password (\S+)$/m.exec(output);
  if (!header) return undefined;
  const after = output.slice(header.index + header[0].length);
  const signIns = [...after.matchAll(/^ {2}(\S.*?)\s{2,}(\S+@\S+)$/gm)].map((m) => ({ role: m[1]!, email: m[2]! }));
  if (signIns.length === 0) return undefined;
  return { practice: header[1]!, signInUrl: header[2]!, password: header[3]!, signIns };
}

/** The server of {@link startAsReadme}: the process, what it printed, and a clean stop. */
export interface ReadmeStart {
  server: ChildServer;
  demo: PrintedDemo;
  /** The e-mail printed for a role (the test fails if the role was not printed). */
  emailOf(role: string): string;
  /** SIGTERM, as Ctrl+C would, then the data folder removed. */
  stop(): Promise<void>;
}

const STOP_MS = 30_000;

/**
 * The README's "Start it" on an empty data folder: the server as `npm start` runs it (its entry
 * point and Node flags; the browser tests have built the web client, as `npm start` would), in a
 * process of its own with its own embedded PostgreSQL in a fresh folder, on a loopback address and
 * with no administrator configured, so the first start creates the demo practice and prints its
 * sign-ins. Resolves once the last sign-in line (the patient portal's) is printed: the server
 * prints it after it listens and the demo practice is stored. `timeoutMs` covers all of it,
 * creating the database folder included.
 */
export async function startAsReadme(timeoutMs: number): Promise<ReadmeStart> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-first-hour-'));
  // Run as root, the embedded PostgreSQL runs as `postgres`, which must reach its folder (README).
  await fs.chmod(dataDir, 0o755);
  const removeData = () => fs.rm(dataDir, { recursive: true, force: true });
  let server: ChildServer;
  try {
    // Empty: a CASELOAD_ADMIN_EMAIL of the machine's environment would skip the demo.
    server = await spawnChildServer({
      dataDir,
      nodeFlags: SERVER_NODE_FLAGS,
      extra: { CASELOAD_ADMIN_EMAIL: '', CASELOAD_ADMIN_PASSWORD: '' },
    });
  } catch (error) {
    await removeData();
    throw error;
  }
  const stop = async () => {
    if (server.running()) {
      server.signal('SIGTERM');
      const stopped = await Promise.race([
        server.exited.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), STOP_MS)),
      ]);
      if (!stopped) await server.kill();
    }
    await removeData();
  };
  const deadline = Date.now() + timeoutMs;
  let demo: PrintedDemo | undefined;
  while (!(demo = parsePrintedDemo(server.output())) || !demo.signIns.some((s) => s.role.startsWith('Patient'))) {
    if (!server.running() || Date.now() > deadline) {
      await stop();
      throw new Error(`the first start printed no demo sign-ins within ${timeoutMs} ms\n--- server output ---\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const printed = demo;
  return {
    server,
    demo: printed,
    emailOf(role) {
      const found = printed.signIns.find((s) => s.role === role);
      if (!found) throw new Error(`the server printed no sign-in for ${role}:\n${server.output()}`);
      return found.email;
    },
    stop,
  };
}
