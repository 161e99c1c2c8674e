import { describe, expect, it } from 'vitest';
import { chooseMembership, membershipKey, profileReference } from './practice-choice.ts';

const a = { practiceId: 'north', profile: 'Practitioner/p1', roles: ['Practitioner'], permissions: [] };
const b = { practiceId: 'south', profile: 'Practitioner/p9', roles: ['Supervisor'], permissions: [] };

describe('choosing the practice to open', () => {
  it('reopens the one chosen last time, or the first when that is no longer offered', () => {
    expect(chooseMembership([a, b], membershipKey(b))).toBe(b);
    expect(chooseMembership([a, b], 'gone|Practitioner/x')).toBe(a);
    expect(chooseMembership([a, b], null)).toBe(a);
    expect(chooseMembership([], null)).toBeUndefined();
  });

  it('splits the profile into its reference', () => {
    expect(profileReference(b)).toEqual({ resourceType: 'Practitioner', id: 'p9' });
  });
});
