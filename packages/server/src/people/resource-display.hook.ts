import { RESOURCE_SCHEMAS, type HumanName, patientDisplay, practitionerDisplay, relatedPersonDisplay, type Resource } from '@caseload/core';
import { registerBeforeWrite } from '../storage/resource-hooks.ts';

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
 * display name). Runs after validation (registered after it), so names are well formed here.
 */
registerBeforeWrite('Patient', setDisplay('Patient'));
registerBeforeWrite('RelatedPerson', setDisplay('RelatedPerson'));
registerBeforeWrite('Practitioner', setDisplay('Practitioner'));
for (const typeName of Object.keys(RESOURCE_SCHEMAS)) {
  if (typeName in PEOPLE || typeName === 'PracticePreferences') continue;
  registerBeforeWrite(typeName, async (_tx, _ctx, resource) => {
    if (resource.meta.isDeleted) return;
    if (typeof resource.name === 'string') resource.display = resource.name;
  });
}

function setDisplay(typeName: string) {
  return async (_tx: unknown, _ctx: unknown, resource: Resource) => {
    if (resource.meta.isDeleted) return;
    const named = resource as Named;
    if (!Array.isArray(named.names) || named.names.length === 0) return;
    const display = PEOPLE[typeName]!(named);
    if (display) resource.display = display;
  };
}
