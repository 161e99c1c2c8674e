import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './support/child-server.ts';

/**
 * `npm run bench`: the API throughput benchmark, then the scale benchmark, each in its own
 * process so one's servers, pools and heap never colour the other's figures.
 */
for (const script of ['bench/api-throughput.ts', 'bench/scale.ts']) {
  console.log(`\n=== ${script}`);
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, script)], { cwd: REPO_ROOT, stdio: 'inherit' });
    child.once('exit', resolve);
  });
  if (code !== 0) {
    console.error(`${script} failed (exit ${code})`);
    process.exitCode = 1;
  }
}
