import type { Practitioner } from '@caseload/core';
import type { PracticeUser } from '../api/users.api.ts';

/** `Practitioner/abc` as its type and id. */
export function splitProfile(profile: string): { resourceType: string; id: string } {
  const at = profile.indexOf('/');
  return { resourceType: profile.slice(0, at), id: profile.slice(at + 1) };
}

/** A practitioner's name as lists show it: the server's display, else the first name's parts. */
export function practitionerName(p: Practitioner | undefined): string | undefined {
  if (!p) return undefined;
  if (p.display) return p.display;
  const n = p.names?.[0];
  const name = [...(n?.given ?? []), n?.family].filter(Boolean).join(' ');
  return name || undefined;
}

/** What to call a user on screen: the practitioner's name when known, else the e-mail. */
export function userName(user: PracticeUser, practitioners: ReadonlyMap<string, Practitioner>): string {
  const { resourceType, id } = splitProfile(user.profile);
  return (resourceType === 'Practitioner' ? practitionerName(practitioners.get(id)) : undefined) ?? user.email;
}

/** The user's state in words: invite pending, active or deactivated. */
export function userStatus(user: PracticeUser): 'Invite pending' | 'Active' | 'Deactivated' {
  if (user.pendingInvite && !user.active) return 'Invite pending';
  return user.active ? 'Active' : 'Deactivated';
}
