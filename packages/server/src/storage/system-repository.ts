import { rolePermissions } from '@caseload/core';
import { AccessPolicy } from '../access/access-policy.ts';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { ContinuationTokens } from './continuation-token.ts';
import type { WriteRules } from './resource-hooks.ts';
import type { RepositoryContext } from './repository-context.ts';
import { ResourceRepository } from './resource-repository.ts';

/**
 * A repository for the server's own work in a practice (seeding the demo practice): it acts as
 * the system with an internal administrator's permissions, and is audited like any caller.
 * Its writes run the server's write rules (`rules`: src/write-rules.ts), as any caller's do. `clock`
 * dates what it writes (the demo practice's set-up is written as of the day it went live).
 */
export function systemRepository(
  db: Database,
  audit: AuditWriter,
  practiceId: string,
  rules: WriteRules,
  clock: () => Date = () => new Date(),
): ResourceRepository {
  return new ResourceRepository(systemContext(db, audit, practiceId, rules, clock));
}

/** The context of systemRepository, for work that needs it as well (a background job's note workflow). */
export function systemContext(
  db: Database,
  audit: AuditWriter,
  practiceId: string,
  rules: WriteRules,
  clock: () => Date = () => new Date(),
): RepositoryContext {
  const access = systemAccess(practiceId);
  return {
    db: db.forRequest({ queries: 0, rows: 0, milliseconds: 0 }),
    practiceId,
    actor: access.principal.actor,
    accountId: 'system',
    access,
    audit,
    writeOptions: {},
    // System work never pages with tokens it hands out; a throwaway key is enough.
    tokens: new ContinuationTokens(Buffer.from('system')),
    clock,
    rules,
  };
}

/** What the system may do in a practice: an internal administrator's permissions, every patient. */
export function systemAccess(practiceId: string): AccessPolicy {
  return new AccessPolicy({
    accountId: 'system',
    practiceId,
    actor: { resourceType: 'System', id: 'caseload', display: 'Caseload' },
    kind: 'associate',
    permissions: rolePermissions('SysAdmin', 'associate'),
    population: { kind: 'all' },
  });
}
