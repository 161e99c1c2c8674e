import { GRANT_SETS } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import type { PracticeUser } from '../api/users.api.ts';
import { grantSetHolders } from './grant-set-holders.ts';

const user = (email: string, grantSets: string[], active = true): PracticeUser => ({
  accountId: email,
  email,
  profile: `Practitioner/${email}`,
  roles: [],
  active,
  pendingInvite: false,
  grantSets,
});

describe('grantSetHolders', () => {
  const users = [user('a@x', ['Sign notes', 'Read patients']), user('b@x', ['Read patients']), user('c@x', ['Sign notes'], false)];

  it('lists every catalogue grant set in order with its active holders', () => {
    const rows = grantSetHolders(users);
    expect(rows.map((r) => r.name)).toEqual(GRANT_SETS.map((g) => g.name));
    expect(rows.find((r) => r.name === 'Sign notes')!.holders.map((u) => u.email)).toEqual(['a@x']);
    expect(rows.find((r) => r.name === 'Read patients')!.holders.map((u) => u.email)).toEqual(['a@x', 'b@x']);
    expect(rows.find((r) => r.name === 'Merge patients')!.holders).toEqual([]);
  });

  it('counts deactivated users only when asked', () => {
    const rows = grantSetHolders(users, { includeInactive: true });
    expect(rows.find((r) => r.name === 'Sign notes')!.holders.map((u) => u.email)).toEqual(['a@x', 'c@x']);
  });
});
