import { PRACTICE_ROLES, getResourceType } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { ensureAccount, upsertMembership } from '../identity/account-store.ts';
import { hashPassword } from '../identity/password.ts';
import type { PracticeRegistry } from '../practices/practice-registry.ts';
import { systemRepository } from '../storage/system-repository.ts';

export const DEMO_PRACTICE = 'demo';
export const DEMO_PASSWORD = 'caseload-demo-2026';
export const DEMO_ADMIN = 'admin@demo.caseload.local';

export interface DemoSignIn {
  role: string;
  email: string;
}

const emailFor = (role: string) => `${role.toLowerCase().replace(/[^a-z]+/g, '.')}@demo.caseload.local`;

/** The demo practice's sign-ins: the internal administrator and one user per practice role. */
export function demoSignIns(): DemoSignIn[] {
  return [
    { role: 'Internal administrator (SysAdmin)', email: DEMO_ADMIN },
    ...PRACTICE_ROLES.filter((r) => r.name !== 'Patient').map((r) => ({ role: r.name, email: emailFor(r.name) })),
  ];
}

/**
 * Creates the demo practice network on a first start that has no accounts and no configured
 * administrator: the practice, an internal administrator, and a Practitioner with a sign-in for
 * every practice role, all with the password DEMO_PASSWORD. Answers whether it created it.
 */
export async function ensureDemoPractice(db: Database, audit: AuditWriter, practices: PracticeRegistry): Promise<boolean> {
  const accounts = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM accounts');
  if (Number(accounts.rows[0]!.n) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ensureAccount(db.pool, DEMO_ADMIN, { passwordHash, associateRole: 'SysAdmin' });
  await practices.provision(DEMO_PRACTICE);
  const repo = systemRepository(db, audit, DEMO_PRACTICE);
  await repo.create(getResourceType('PracticePreferences')!, { display: 'Demo practice preferences' });
  for (const role of PRACTICE_ROLES.filter((r) => r.name !== 'Patient')) {
    const { resource } = await repo.create(getResourceType('Practitioner')!, { display: `Demo ${role.name}`, email: emailFor(role.name) });
    const account = await ensureAccount(db.pool, emailFor(role.name), { passwordHash });
    await upsertMembership(db.pool, {
      accountId: account.id,
      practiceId: DEMO_PRACTICE,
      profileType: 'Practitioner',
      profileId: resource.id,
      roles: [role.name],
    });
  }
  return true;
}
