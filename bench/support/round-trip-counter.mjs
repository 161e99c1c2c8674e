// Preloaded into a server child process by bench/write-cost.ts (NODE_OPTIONS=--import=...): counts
// every statement pg sends (each `Client.query` is one round trip, BEGIN and COMMIT included) by the
// first words of its text, and writes the counts as JSON to ROUND_TRIP_FILE on SIGUSR2. Plain
// JavaScript so it loads before tsx. Bench-only: the server itself knows nothing of it.
import fs from 'node:fs';
import pg from 'pg';

const counts = {};
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') {
    const label = text.replace(/\s+/g, ' ').trim().slice(0, 60);
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return original.call(this, config, ...rest);
};
process.on('SIGUSR2', () => {
  if (process.env.ROUND_TRIP_FILE) fs.writeFileSync(process.env.ROUND_TRIP_FILE, JSON.stringify(counts));
});
