import type { ProfileMembership, WhoAmI } from '../../session/index.ts';

/**
 * A practice the shell can work in: through one of the account's profiles, or, for an associate
 * who views every practice (ViewAllPractices), without one (`profile` absent: the server acts on
 * the associate role, and the client sends no `x-profile`).
 */
export type PracticeAccess = Omit<ProfileMembership, 'profile'> & { profile?: string };

/** One profile in one practice (`practiceId|resourceType/id`), or an associate's view of one (`practiceId|`). */
export const membershipKey = (m: PracticeAccess): string => `${m.practiceId}|${m.profile ?? ''}`;

/** What people call the practice: its name, else (a practice that has none) its id. */
export const practiceTitle = (m: Pick<PracticeAccess, 'practiceId' | 'practiceName'>): string => m.practiceName?.trim() || m.practiceId;

/** The profile's reference parts (`Practitioner/abc` gives `{ resourceType: 'Practitioner', id: 'abc' }`); none without a profile. */
export function profileReference(m: PracticeAccess | undefined): { resourceType: string; id: string } | undefined {
  if (!m?.profile) return undefined;
  const at = m.profile.indexOf('/');
  return { resourceType: m.profile.slice(0, at), id: m.profile.slice(at + 1) };
}

/**
 * Where the account may work: each of its profiles, then each practice its associate role views
 * without one (in the server's order, oldest first), acting with the associate role's permissions.
 */
export function practiceAccesses(user: Pick<WhoAmI, 'account' | 'profiles'>): PracticeAccess[] {
  const { account, profiles } = user;
  const own = new Set(profiles.map((p) => p.practiceId));
  const viewed = (account.practices ?? [])
    .filter((id) => !own.has(id))
    .map((practiceId): PracticeAccess => ({
      practiceId,
      practiceName: account.practiceNames?.[practiceId] ?? null,
      roles: account.associateRole ? [account.associateRole] : [],
      permissions: account.permissions ?? [],
    }));
  return [...profiles, ...viewed];
}

/** The practice to open: the one chosen last time on this device when still offered, else the first. */
export function chooseMembership<T extends PracticeAccess>(memberships: readonly T[], savedKey: string | null): T | undefined {
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
