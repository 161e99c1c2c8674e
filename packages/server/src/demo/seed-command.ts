import path from 'node:path';
import { parseArgs } from 'node:util';
import { AuditWriter } from '../audit/audit-writer.ts';
import { loadConfig } from '../config.ts';
import { LocalContentStore } from '../content/local-content-store.ts';
import { Database } from '../db/database.ts';
import { startEmbeddedDatabase } from '../db/embedded-database.ts';
import { migrate } from '../db/migrate.ts';
import { PracticeRegistry } from '../practices/practice-registry.ts';
import { DEMO_SEED } from './demo-population.ts';
import { DEMO_DOMAIN, DEMO_PASSWORD, DEMO_PRACTICE, createDemoPractice, demoSignIns } from './demo-practice.ts';

/**
 * `npm run seed -- --practice bench --patients 100000 [--seed 2026]`: creates or extends a
 * generated practice (docs/demo.md) in the database `npm start` uses (DATABASE_URL, else the
 * embedded one in CASELOAD_DATA_DIR: stop the server first, one PostgreSQL per data folder).
 * Prints progress, then the practice's sign-ins.
 */
const { values } = parseArgs({
  options: {
    practice: { type: 'string', default: 'bench' },
    patients: { type: 'string', default: '100000' },
    seed: { type: 'string', default: String(DEMO_SEED) },
  },
});
const patients = Number(values.patients);
const seed = Number(values.seed);
if (!Number.isSafeInteger(patients) || patients < 0 || !Number.isSafeInteger(seed)) {
  console.error('--patients and --seed must be whole numbers.');
  process.exit(2);
}
PracticeRegistry.validateName(values.practice);

const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase(config.dataDir, (m) => console.log(m));
const url = config.databaseUrl ?? embedded!.url;
const db = new Database(url, { max: 4, limits: config.databaseLimits });
try {
  await migrate(url, config.databaseLimits.connectMs);
  const domain = values.practice === DEMO_PRACTICE ? DEMO_DOMAIN : `${values.practice}.caseload.local`;
  const started = performance.now();
  let last = 0;
  // The content store `npm start` uses (server.ts): the demo's drawn signatures go there.
  const content = new LocalContentStore(path.join(config.dataDir, 'content'));
  const seeded = await createDemoPractice(db, new AuditWriter(db.pool, () => new Date()), new PracticeRegistry(db), content, {
    practiceId: values.practice,
    patients,
    seed,
    domain,
    onProgress: (done, total) => {
      const now = performance.now();
      if (done === total || now - last > 2000) {
        last = now;
        const rate = done / ((now - started) / 1000);
        console.log(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} patients (${Math.round(rate)} a second)`);
      }
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Practice "${values.practice}" (seed ${seed}): ${seeded.patientsAdded.toLocaleString('en-US')} patients added, ` +
      `${seeded.recordsAdded.toLocaleString('en-US')} records written in ${seconds} s.`,
  );
  console.log(`Sign in with password ${DEMO_PASSWORD}:`);
  for (const { role, email } of demoSignIns(domain)) console.log(`  ${role.padEnd(36)} ${email}`);
} finally {
  await db.close();
  await embedded?.stop();
}
