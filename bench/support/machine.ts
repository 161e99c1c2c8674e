import os from 'node:os';

/**
 * What the figures ran on. The machine is shared (other engineers run tests on it), and with two
 * cores any other busy process shows up directly in the figures, so each run reports how idle the
 * CPUs were just before it started.
 */
export async function describeMachine(sampleMs = 2000): Promise<string> {
  const before = os.cpus();
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  const after = os.cpus();
  let idle = 0;
  let total = 0;
  after.forEach((cpu, i) => {
    const prev = before[i]!.times;
    const now = cpu.times;
    idle += now.idle - prev.idle;
    total += now.user + now.nice + now.sys + now.idle + now.irq - (prev.user + prev.nice + prev.sys + prev.idle + prev.irq);
  });
  const share = total > 0 ? idle / total : 1;
  const warning = share < 0.8 ? ' — WARNING: other processes are busy, figures will be low' : '';
  return (
    `${after.length} cores (${after[0]?.model.trim()}), Node ${process.version}, ` +
    `CPUs ${Math.round(share * 100)} % idle before the run${warning}`
  );
}
