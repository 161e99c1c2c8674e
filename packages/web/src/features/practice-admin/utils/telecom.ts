import type { ContactPoint } from '@caseload/core';

/** The work phone of a contact list, for a single phone field. */
export const phoneOf = (telecom: readonly ContactPoint[] | undefined): string =>
  telecom?.find((t) => t.system === 'Phone' && t.use === 'Work')?.value ?? telecom?.find((t) => t.system === 'Phone')?.value ?? '';

/** The contact list with its phone set to `phone` (or removed when empty); e-mails and others kept. */
export function phoneFrom(phone: string, existing: readonly ContactPoint[] | undefined): ContactPoint[] | undefined {
  const others = (existing ?? []).filter((t) => t.system !== 'Phone');
  const value = phone.trim();
  const list = value ? [{ system: 'Phone' as const, use: 'Work' as const, value }, ...others] : others;
  return list.length ? list : undefined;
}
