import type { Practitioner } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import type { PracticeUser } from '../api/users.api.ts';
import { userName, userStatus } from './user-name.ts';

const user = (fields: Partial<PracticeUser>): PracticeUser => ({
  accountId: 'a1',
  email: 'sam@x.org',
  profile: 'Practitioner/p1',
  roles: [],
  active: true,
  pendingInvite: false,
  grantSets: [],
  ...fields,
});
const practitioner = (fields: Partial<Practitioner>) =>
  ({ id: 'p1', resourceType: 'Practitioner', names: [], meta: {}, ...fields }) as Practitioner;

describe('userName', () => {
  it('uses the display, then the name parts, then the e-mail', () => {
    expect(userName(user({}), new Map([['p1', practitioner({ display: 'Sam Lee, LCSW' })]]))).toBe('Sam Lee, LCSW');
    expect(userName(user({}), new Map([['p1', practitioner({ names: [{ given: ['Sam'], family: 'Lee' }] })]]))).toBe('Sam Lee');
    expect(userName(user({}), new Map())).toBe('sam@x.org');
    expect(userName(user({ profile: 'Patient/p1' }), new Map([['p1', practitioner({ display: 'X' })]]))).toBe('sam@x.org');
  });
});

describe('userStatus', () => {
  it('says pending, active or deactivated', () => {
    expect(userStatus(user({ active: false, pendingInvite: true }))).toBe('Invite pending');
    expect(userStatus(user({}))).toBe('Active');
    expect(userStatus(user({ active: false }))).toBe('Deactivated');
  });
});
