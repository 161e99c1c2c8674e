import { badRequest, type Issue } from '../errors/app-error.ts';

/**
 * The 400 for a resource its rules refuse: every problem as an issue, the first three in the
 * detail (`The Patient was not saved: birthDate ...; names ... (and 2 more).`).
 */
export function invalidResource(typeName: string, issues: Issue[]) {
  const shown = issues
    .slice(0, 3)
    .map((i) => i.message)
    .join('; ');
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return badRequest(`The ${typeName} was not saved: ${shown}${more}.`, issues);
}
