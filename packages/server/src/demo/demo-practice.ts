import { PRACTICE_ROLES } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { Database } from '../db/database.ts';
import { ensureAccount, upsertMembership } from '../identity/account-store.ts';
import { hashPassword } from '../identity/password.ts';
import type { PracticeRegistry } from '../practices/practice-registry.ts';
import { DEMO_SEED, demoPatientId, seedPractice, type SeededPractice } from './demo-population.ts';

export const DEMO_PRACTICE = 'demo';
export const DEMO_PASSWORD = 'caseload-demo-2026';
export const DEMO_DOMAIN = 'demo.caseload.local';
export const DEMO_ADMIN = `admin@${DEMO_DOMAIN}`;
/** The demo practice's population on a first start (docs/demo.md). */
export const DEMO_PATIENTS = 1_000;

export interface DemoSignIn {
  role: string;
  email: string;
}

/** `Non-Prescribing Clinician` → `non.prescribing.clinician@demo.caseload.local`. */
export const demoEmail = (role: string, domain = DEMO_DOMAIN) => `${role.toLowerCase().replace(/[^a-z]+/g, '.')}@${domain}`;

/**
 * The demo practice's sign-ins: the internal administrator, one staff member per practice role,
 * and the portal of the first patient (role Patient).
 */
export function demoSignIns(domain = DEMO_DOMAIN): DemoSignIn[] {
  return [
    { role: 'Internal administrator (SysAdmin)', email: `admin@${domain}` },
    ...PRACTICE_ROLES.filter((r) => r.name !== 'Patient').map((r) => ({ role: r.name, email: demoEmail(r.name, domain) })),
    { role: 'Patient (portal)', email: demoEmail('Patient', domain) },
  ];
}

/**
 * On a first start that has no accounts and no configured administrator, creates the demo
 * practice (docs/demo.md). Answers whether it created it; later starts find accounts and skip.
 */
export async function ensureDemoPractice(
  db: Database,
  audit: AuditWriter,
  practices: PracticeRegistry,
  content: ContentStore,
  log: (message: string) => void = () => {},
): Promise<boolean> {
  const accounts = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM accounts');
  if (Number(accounts.rows[0]!.n) > 0) return false;
  const started = performance.now();
  log(`Creating the demo practice: ${DEMO_PATIENTS.toLocaleString('en-US')} patients and twelve weeks of their clinical work...`);
  await createDemoPractice(db, audit, practices, content);
  log(`Demo practice created in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

export interface DemoPracticeOptions {
  practiceId?: string;
  patients?: number;
  seed?: number;
  /** The e-mail domain of the sign-ins (tests use their own). */
  domain?: string;
  /** The clinical work lies in the weeks before this moment's day (now when absent). */
  asOf?: Date;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Provisions a practice network with the generated population and its sign-ins, all with the
 * password DEMO_PASSWORD: the internal administrator, each staff member who holds a practice
 * role's sign-in (linked to that Practitioner), and the first patient's portal. Safe to run
 * again: records and accounts that exist are kept.
 */
export async function createDemoPractice(
  db: Database,
  audit: AuditWriter,
  practices: PracticeRegistry,
  content: ContentStore,
  options: DemoPracticeOptions = {},
): Promise<SeededPractice> {
  const practiceId = options.practiceId ?? DEMO_PRACTICE;
  const domain = options.domain ?? DEMO_DOMAIN;
  const seed = options.seed ?? DEMO_SEED;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ensureAccount(db.pool, `admin@${domain}`, { passwordHash, associateRole: 'SysAdmin' });
  await practices.provision(practiceId);
  const seeded = await seedPractice(db, audit, {
    practiceId,
    patients: options.patients ?? DEMO_PATIENTS,
    content,
    seed,
    asOf: options.asOf,
    onProgress: options.onProgress,
  });
  const signIns: { email: string; profileType: 'Practitioner' | 'Patient'; profileId: string; role: string }[] = seeded.staff
    .filter((s) => s.signIn)
    .map((s) => ({ email: demoEmail(s.role, domain), profileType: 'Practitioner', profileId: s.practitioner.id, role: s.role }));
  signIns.push({ email: demoEmail('Patient', domain), profileType: 'Patient', profileId: demoPatientId(seed, 1), role: 'Patient' });
  for (const s of signIns) {
    const account = await ensureAccount(db.pool, s.email, { passwordHash });
    await upsertMembership(db.pool, {
      accountId: account.id,
      practiceId,
      profileType: s.profileType,
      profileId: s.profileId,
      roles: [s.role],
    });
  }
  return seeded;
}
