import { describe, expect, it } from 'vitest';
import { chooseMembership, membershipKey, practiceAccesses, practiceTitle, profileReference } from './practice-choice.ts';

const a = { practiceId: 'north', profile: 'Practitioner/p1', roles: ['Practitioner'], permissions: [] };
const b = { practiceId: 'south', profile: 'Practitioner/p9', roles: ['Supervisor'], permissions: [] };

describe('choosing the practice to open', () => {
  it('reopens the one chosen last time, or the first when that is no longer offered', () => {
    expect(chooseMembership([a, b], membershipKey(b))).toBe(b);
    expect(chooseMembership([a, b], 'gone|Practitioner/x')).toBe(a);
    expect(chooseMembership([a, b], null)).toBe(a);
    expect(chooseMembership([], null)).toBeUndefined();
  });

  it('splits the profile into its reference, and has none for an associate viewing a practice', () => {
    expect(profileReference(b)).toEqual({ resourceType: 'Practitioner', id: 'p9' });
    expect(profileReference({ practiceId: 'demo', roles: ['SysAdmin'], permissions: [] })).toBeUndefined();
    expect(profileReference(undefined)).toBeUndefined();
  });
});

describe('the practices an account may work in', () => {
  const account = (practices: string[] | null) => ({
    id: 'acc',
    email: 'admin@x',
    associateRole: practices ? 'SysAdmin' : null,
    permissions: practices ? ['Patient:Read' as const] : null,
    practices,
  });

  it('are its profiles, then the practices an associate views without one, with the associate role', () => {
    const accesses = practiceAccesses({ account: account(['demo', 'north', 'bench']), profiles: [a] });
    expect(accesses).toEqual([
      a,
      { practiceId: 'demo', practiceName: null, roles: ['SysAdmin'], permissions: ['Patient:Read'] },
      { practiceId: 'bench', practiceName: null, roles: ['SysAdmin'], permissions: ['Patient:Read'] },
    ]);
    expect(chooseMembership(accesses.slice(1), null)?.practiceId).toBe('demo');
    expect(membershipKey(accesses[1]!)).toBe('demo|');
  });

  it('are only its profiles for everyone else', () => {
    expect(practiceAccesses({ account: account(null), profiles: [a, b] })).toEqual([a, b]);
  });
});

describe('what a practice is called', () => {
  it('is its name where the server gave one, else its id', () => {
    const accesses = practiceAccesses({
      account: {
        id: 'acc',
        email: 'admin@x',
        associateRole: 'SysAdmin',
        permissions: [],
        practices: ['demo', 'bench'],
        practiceNames: { demo: 'Riverside Behavioral Health' },
      },
      profiles: [{ ...a, practiceName: 'North Clinic' }],
    });
    expect(accesses.map(practiceTitle)).toEqual(['North Clinic', 'Riverside Behavioral Health', 'bench']);
    expect(practiceTitle({ practiceId: 'x', practiceName: '  ' })).toBe('x');
  });
});
