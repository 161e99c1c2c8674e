import { practitionerDisplay, type Practitioner } from '@caseload/core';

/** The parts of a Practitioner the profile form edits, in the resource's own shape. */
export type ProfileValues = Pick<
  Practitioner,
  | 'names'
  | 'credentials'
  | 'email'
  | 'workEmail'
  | 'telecom'
  | 'npi'
  | 'supervisors'
  | 'licences'
  | 'employments'
  | 'groupMemberships'
  | 'programs'
>;

/**
 * The form's starting values from the stored practitioner: every list present (field arrays need
 * one) and a first name to type into.
 */
export function profileValues(p: Practitioner): ProfileValues {
  const names = p.names?.length ? p.names : [{ given: [''], family: '' }];
  return {
    names: names.map((n) => ({ ...n, given: n.given?.length ? n.given : [''], family: n.family ?? '' })),
    credentials: p.credentials ?? '',
    email: p.email ?? '',
    workEmail: p.workEmail ?? '',
    telecom: p.telecom ?? [],
    npi: p.npi ?? '',
    supervisors: p.supervisors ?? [],
    licences: p.licences ?? [],
    employments: p.employments ?? [],
    groupMemberships: p.groupMemberships ?? [],
    programs: p.programs ?? [],
  };
}

/** Empty text left out, so a cleared field is removed rather than stored as "". */
const orUndefined = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/** The practitioner with the form's values applied, and its display name recomputed. */
export function applyProfile(p: Practitioner, values: ProfileValues): Practitioner {
  const next: Practitioner = {
    ...p,
    ...values,
    credentials: orUndefined(values.credentials),
    email: orUndefined(values.email),
    workEmail: orUndefined(values.workEmail),
    npi: orUndefined(values.npi),
  };
  for (const key of ['credentials', 'email', 'workEmail', 'npi'] as const) if (next[key] === undefined) delete next[key];
  next.display = practitionerDisplay(next) || p.display;
  return next;
}
