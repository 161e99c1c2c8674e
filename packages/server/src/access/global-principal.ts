import { RESOURCE_TYPES, rolePermissions, type Permission, GLOBAL_PRACTICE } from '@caseload/core';
import type { Identity } from '../identity/auth.plugin.ts';
import type { Principal } from './principal.ts';

/**
 * Everyone signed in may read the global reference content (announcements, notations, the
 * snippet, speech-rule and text-expansion templates); KeyVaults and every write are for
 * associates (internal staff) whose role grants them.
 */
const READ_GLOBAL: ReadonlySet<Permission> = new Set(
  RESOURCE_TYPES.filter((t) => t.scope === 'global' && t.name !== 'KeyVault').map((t) => `${t.name}:Read` as Permission),
);

export function globalPrincipal(identity: Identity): Principal {
  const account = identity.account;
  const associate = account.associateRole ? rolePermissions(account.associateRole, 'associate') : undefined;
  return {
    accountId: account.id,
    practiceId: GLOBAL_PRACTICE,
    actor: { resourceType: 'Account', id: account.id, display: account.email },
    kind: associate ? 'associate' : 'staff',
    permissions: associate ? new Set([...READ_GLOBAL, ...associate]) : READ_GLOBAL,
    population: { kind: 'all' },
  };
}
