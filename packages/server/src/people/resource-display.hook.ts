import { RESOURCE_SCHEMAS, type HumanName, patientDisplay, practitionerDisplay, relatedPersonDisplay, type Resource } from '@caseload/core';
import type { BeforeWrite } from '../storage/resource-hooks.ts';

type Named = Resource & { names: HumanName[]; credentials?: string };

const PEOPLE: Record<string, (r: Named) => string> = {
  Patient: patientDisplay,
  RelatedPerson: relatedPersonDisplay,
  Practitioner: practitionerDisplay,
};

/**
 * The server owns `display`, what lists show and the Name sort orders by: people's from their
 * legal name ("Family, Given"; practitioners "Given Family, Credentials"), set-up records' from
 * their `name`. A person with no names keeps the display it was given (an import with only a
 * display name). Runs after validation (after it in write-rules.ts), so names are well formed here.
 */
export function setDisplay(typeName: string): BeforeWrite {
  return typeName in PEOPLE ? setPersonDisplay(typeName) : displayFromName;
}

/** The set-up types whose `display` is their `name` (people have their own; preferences have neither). */
export const NAMED_SETUP_TYPES = Object.keys(RESOURCE_SCHEMAS).filter((t) => !(t in PEOPLE) && t !== 'PracticePreferences');

/** The people types whose `display` is their legal name. */
export const PEOPLE_TYPES = Object.keys(PEOPLE);

const displayFromName: BeforeWrite = async (_tx, _ctx, resource) => {
  if (resource.meta.isDeleted) return;
  if (typeof resource.name === 'string') resource.display = resource.name;
};

function setPersonDisplay(typeName: string): BeforeWrite {
  return async (_tx, _ctx, resource: Resource) => {
    if (resource.meta.isDeleted) return;
    const named = resource as Named;
    if (!Array.isArray(named.names) || named.names.length === 0) return;
    const display = PEOPLE[typeName]!(named);
    if (display) resource.display = display;
  };
}
