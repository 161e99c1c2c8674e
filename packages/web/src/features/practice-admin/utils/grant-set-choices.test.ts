import { GRANT_SETS, rolePermissions } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { grantSetGroups, type GrantSetResource } from './grant-set-choices.ts';

const catalogue: GrantSetResource[] = GRANT_SETS.map((g) => ({
  resourceType: 'GrantSet',
  id: g.name,
  display: g.name,
  description: g.description,
  permissions: [...g.permissions],
  created: '2026-11-22T00:00:00Z',
  meta: { versionId: 'catalogue-1', lastModified: '2026-11-22T00:00:00Z' },
}));

describe('grantSetGroups', () => {
  it('groups the whole catalogue by area, each set once', () => {
    const groups = grantSetGroups(catalogue, undefined);
    expect(groups.flatMap((g) => g.choices).length).toBe(GRANT_SETS.length);
    expect(groups.every((g) => g.choices.every((c) => c.delegable))).toBe(true);
  });

  it('marks what the user may not hand out, as the server would refuse it', () => {
    const mine = rolePermissions('Supervisor');
    const choices = grantSetGroups(catalogue, mine).flatMap((g) => g.choices);
    expect(choices.find((c) => c.name === 'Full permissions')?.delegable).toBe(false);
    expect(choices.find((c) => c.name === 'Read patients')?.delegable).toBe(true);
  });

  it('filters by every word of the search, in name or description', () => {
    const found = grantSetGroups(catalogue, undefined, 'read PATIENTS').flatMap((g) => g.choices.map((c) => c.name));
    expect(found).toContain('Read patients');
    expect(found).not.toContain('Full permissions');
  });
});
