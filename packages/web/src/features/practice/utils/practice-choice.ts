import type { ProfileMembership } from '../../session/index.ts';

/** One profile in one practice: `practiceId|resourceType/id`. */
export const membershipKey = (m: ProfileMembership): string => `${m.practiceId}|${m.profile}`;

/** The profile's reference parts: `Practitioner/abc` gives `{ resourceType: 'Practitioner', id: 'abc' }`. */
export function profileReference(m: ProfileMembership): { resourceType: string; id: string } {
  const at = m.profile.indexOf('/');
  return { resourceType: m.profile.slice(0, at), id: m.profile.slice(at + 1) };
}

/** The practice to open: the one chosen last time on this device when still offered, else the first. */
export function chooseMembership(memberships: readonly ProfileMembership[], savedKey: string | null): ProfileMembership | undefined {
  return memberships.find((m) => membershipKey(m) === savedKey) ?? memberships[0];
}

const storageKey = (accountId: string) => `caseload:practice:${accountId}`;

export function readSavedMembership(accountId: string): string | null {
  try {
    return localStorage.getItem(storageKey(accountId));
  } catch {
    return null;
  }
}

export function saveMembership(accountId: string, key: string): void {
  try {
    localStorage.setItem(storageKey(accountId), key);
  } catch {
    // Not remembered: the first practice opens next time.
  }
}
