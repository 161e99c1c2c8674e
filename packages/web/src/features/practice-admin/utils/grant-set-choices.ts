import { canDelegate, GRANT_SET_AREAS, type GrantSetResource, type Permission } from '@caseload/core';

export type { GrantSetResource };

/** One grant set to offer in a role: may the user hand it out? */
export interface GrantSetChoice {
  name: string;
  description: string;
  /** False when the user's permissions are known and the server would refuse to delegate it. */
  delegable: boolean;
}

/** The grant sets of one area of the product, as the role form groups them. */
export interface GrantSetGroup {
  area: string;
  choices: GrantSetChoice[];
}

/**
 * The catalogue read from the server, grouped by the areas of docs/access.md (sets the client
 * does not know go under "Other"), filtered by the search words. Whether each may be handed out
 * follows `canDelegate`, the rule the server applies; unknown permissions mark every set
 * delegable and leave the server to decide.
 */
export function grantSetGroups(
  catalogue: readonly GrantSetResource[],
  permissions: ReadonlySet<Permission> | undefined,
  search = '',
): GrantSetGroup[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (g: GrantSetResource) => words.every((w) => `${g.display} ${g.description ?? ''}`.toLowerCase().includes(w));
  const choice = (g: GrantSetResource): GrantSetChoice => ({
    name: g.display,
    description: g.description ?? '',
    delegable: !permissions || canDelegate(permissions, [g.display], { associate: false }),
  });
  const placed = new Set<string>();
  const groups: GrantSetGroup[] = GRANT_SET_AREAS.map((a) => {
    const names = new Set(a.grantSets.map((s) => s.name));
    const inArea = catalogue.filter((g) => names.has(g.display));
    inArea.forEach((g) => placed.add(g.display));
    return { area: a.area, choices: inArea.filter(matches).map(choice) };
  });
  groups.push({
    area: 'Other',
    choices: catalogue
      .filter((g) => !placed.has(g.display))
      .filter(matches)
      .map(choice),
  });
  return groups.filter((g) => g.choices.length > 0);
}
