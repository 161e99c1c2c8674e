import type { HumanName } from '@caseload/core';
import type { PortalPerson } from '../store/portal-context.ts';

const given = (name: HumanName | undefined) => (name?.given ?? []).join(' ').trim();

/**
 * The name to greet the person by: the name they go by (Preferred, else Nickname) when they gave
 * one, else the given names of their legal name, else the record's display.
 */
export function greetingName(person: Pick<PortalPerson, 'names' | 'display'>): string {
  const names = person.names ?? [];
  const chosen = names.find((n) => n.use === 'Preferred') ?? names.find((n) => n.use === 'Nickname');
  return given(chosen) || given(names.find((n) => !n.use) ?? names[0]) || (person.display ?? '').trim();
}

/** The legal name as written on a letter: "Ada Lovelace" (given names, then the family name). */
export function fullName(person: Pick<PortalPerson, 'names' | 'display'>): string {
  const names = person.names ?? [];
  const legal = names.find((n) => !n.use) ?? names[0];
  return [given(legal), legal?.family ?? ''].filter(Boolean).join(' ') || (person.display ?? '').trim();
}
