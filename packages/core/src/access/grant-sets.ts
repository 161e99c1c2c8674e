import { badRequest } from '../errors/app-error.ts';
import { MESSAGES } from '../errors/messages.ts';
import { ADMINISTRATION_GRANT_SETS, REPORT_GRANT_SETS } from './administration-grant-sets.ts';
import { CLINICAL_GRANT_SETS } from './clinical-grant-sets.ts';
import { MESSAGING_GRANT_SETS, SCHEDULING_GRANT_SETS, SURVEY_GRANT_SETS } from './engagement-grant-sets.ts';
import type { GrantSet, GrantSetArea } from './grant-set-builders.ts';
import { NOTE_GRANT_SETS, QUALITY_GRANT_SETS } from './note-grant-sets.ts';
import { PATIENT_GRANT_SETS } from './patient-grant-sets.ts';
import { INTEGRATION_GRANT_SETS, PLATFORM_GRANT_SETS } from './platform-grant-sets.ts';

export type { GrantSet, GrantSetArea } from './grant-set-builders.ts';

/** The catalogue by area, in the order docs/access.md lists it. */
export const GRANT_SET_AREAS: readonly GrantSetArea[] = [
  PATIENT_GRANT_SETS,
  CLINICAL_GRANT_SETS,
  NOTE_GRANT_SETS,
  QUALITY_GRANT_SETS,
  SCHEDULING_GRANT_SETS,
  MESSAGING_GRANT_SETS,
  SURVEY_GRANT_SETS,
  ADMINISTRATION_GRANT_SETS,
  REPORT_GRANT_SETS,
  PLATFORM_GRANT_SETS,
  INTEGRATION_GRANT_SETS,
];

/** Every named grant set of the product. Practices build their SecurityRoles from these. */
export const GRANT_SETS: readonly GrantSet[] = /* @__PURE__ */ GRANT_SET_AREAS.flatMap((a) => a.grantSets);

const byName = /* @__PURE__ */ new Map(/* @__PURE__ */ GRANT_SETS.map((g) => [g.name, g]));

/** True when `name` is a grant set of the catalogue. */
export function isGrantSetName(name: string): boolean {
  return byName.has(name);
}

/** The named grant set; an unknown name fails with 'GrantSet {name} is not defined.' (400). */
export function getGrantSet(name: string): GrantSet {
  const found = byName.get(name);
  if (!found) throw badRequest(MESSAGES.unknownGrantSet(name));
  return found;
}
