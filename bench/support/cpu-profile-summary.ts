import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): the functions with the most self time,
 * the most inclusive time, and self time grouped by where the code lives (our packages, Fastify,
 * pg, Node internals, GC...), so "where does a request's Node time go" is one command.
 * Run: `npx tsx bench/support/cpu-profile-summary.ts FILE.cpuprofile [--skip-seconds N] [--top N]`.
 * `--skip-seconds` leaves out the start of the profile (start-up, seeding) and looks only at what
 * followed, e.g. the load phase.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface FunctionCost {
  name: string;
  selfMs: number;
  totalMs: number;
}
export interface ProfileSummary {
  /** Milliseconds of samples inside the window, idle excluded. */
  busyMs: number;
  idleMs: number;
  functions: FunctionCost[];
  /** Self time by where the code lives. */
  areas: { area: string; selfMs: number }[];
}

/** A short, stable label of where a function lives: `our:storage/resource-search.ts`, `fastify`, `node:internal`... */
function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const packages = url.indexOf('/packages/');
  if (packages >= 0) return `our:${url.slice(packages + '/packages/'.length).replace(/^(\w+)\/src\//, '$1/')}`;
  return path.basename(url);
}

function label(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  return `${name} ${areaOf(frame.url, name)}:${frame.lineNumber + 1}`;
}

export function summarise(profile: CpuProfile, skipSeconds = 0): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  let t = profile.startTime;
  const from = profile.startTime + skipSeconds * 1e6;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < from) continue;
    // A sample's time is the gap to the next one (V8 records the gap before it; close enough).
    const dt = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + dt);
  }
  let idleUs = 0;
  let busyUs = 0;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const name = label(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + us);
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    // Inclusive: once per distinct function on the stack, so recursion is not counted twice.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frameName = label(byId.get(at)!.callFrame);
      if (seen.has(frameName)) continue;
      seen.add(frameName);
      total.set(frameName, (total.get(frameName) ?? 0) + us);
    }
  }
  const functions = [...total.keys()].map((name) => ({ name, selfMs: (self.get(name) ?? 0) / 1000, totalMs: total.get(name)! / 1000 }));
  return {
    busyMs: busyUs / 1000,
    idleMs: idleUs / 1000,
    functions,
    areas: [...areas].map(([area, us]) => ({ area, selfMs: us / 1000 })).sort((a, b) => b.selfMs - a.selfMs),
  };
}

function print(summary: ProfileSummary, top: number, perRequest?: number): void {
  const pct = (ms: number) => `${((ms / summary.busyMs) * 100).toFixed(1).padStart(5)} %`;
  const per = (ms: number) => (perRequest ? `  ${((ms / perRequest) * 1000).toFixed(1).padStart(6)} µs/req` : '');
  console.log(
    `busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms` +
      (perRequest ? `, ${perRequest} requests: ${((summary.busyMs / perRequest) * 1000).toFixed(1)} µs/req` : ''),
  );
  console.log('\nself time by area');
  for (const a of summary.areas.slice(0, top)) console.log(`${pct(a.selfMs)}${per(a.selfMs)}  ${a.area}`);
  console.log('\nself time by function');
  for (const f of [...summary.functions].sort((a, b) => b.selfMs - a.selfMs).slice(0, top)) {
    console.log(`${pct(f.selfMs)}${per(f.selfMs)}  ${f.name}`);
  }
  console.log('\ninclusive time by function');
  for (const f of [...summary.functions].sort((a, b) => b.totalMs - a.totalMs).slice(0, top)) {
    console.log(`${pct(f.totalMs)}${per(f.totalMs)}  ${f.name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args.splice(at, 2)[1]) : undefined;
  };
  const skip = option('--skip-seconds') ?? 0;
  const top = option('--top') ?? 30;
  const requests = option('--requests');
  const file = args[0];
  if (!file) throw new Error('usage: cpu-profile-summary.ts FILE.cpuprofile [--skip-seconds N] [--top N] [--requests N]');
  print(summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, skip), top, requests);
}
