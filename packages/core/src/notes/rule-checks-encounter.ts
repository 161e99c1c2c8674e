import { RULE_FIELDS, locationLabel, presenceFinding, type RuleCheck } from './rule-support.ts';

/**
 * The checks of what an encounter records: visit status, program, location, diagnoses and the
 * appointment. Each returns at most one finding, naming the field to fix.
 */

const VISIT_STATUS_WORDS = { Show: 'Show', NoShow: 'No show', Cancelled: 'Cancelled' } as const;

export const checkShowStatus: RuleCheck<'ShowStatus'> = (parameters, presence, ctx) => {
  const status = ctx.encounter.visitStatus;
  if (!status) return presenceFinding(false, presence, RULE_FIELDS.visitStatus, 'Visit status');
  const allowed = parameters?.allowed?.length ? parameters.allowed : ['Show' as const];
  if (allowed.includes(status)) return undefined;
  return {
    field: RULE_FIELDS.visitStatus,
    message: `Visit status: a ${VISIT_STATUS_WORDS[status]} visit cannot be documented with this note; allowed: ${allowed
      .map((s) => VISIT_STATUS_WORDS[s])
      .join(', ')}.`,
  };
};

export const checkProgramSelected: RuleCheck<'ProgramSelected'> = (_p, presence, ctx) =>
  presenceFinding(Boolean(ctx.encounter.program?.id), presence, RULE_FIELDS.program, 'Program');

export const checkProgramLocation: RuleCheck<'ProgramLocation'> = (parameters, _presence, ctx) => {
  const program = ctx.encounter.program;
  const location = ctx.encounter.location?.location;
  if (!program?.id || !location?.id) return undefined;
  const entry = parameters?.allowed?.find((a) => a.program.id === program.id);
  if (!entry || entry.locations.some((l) => l.id === location.id)) return undefined;
  const where = location.display ?? 'this location';
  const names = entry.locations.map((l) => l.display ?? l.id).join(', ') || 'none';
  return {
    field: RULE_FIELDS.location,
    message: `${locationLabel(ctx)}: ${program.display ?? 'the program'} is not offered at ${where}; allowed: ${names}.`,
  };
};

export const checkLocationSelected: RuleCheck<'LocationSelected'> = (parameters, presence, ctx) => {
  const label = locationLabel(ctx);
  const missing = presenceFinding(Boolean(ctx.encounter.location?.location?.id), presence, RULE_FIELDS.location, label);
  if (missing) return missing;
  const wantsPlace = (parameters?.placeOfService || ctx.preferences.requirePlaceOfService) && !ctx.preferences.hidePlaceOfService;
  if (presence !== 'NotPresent' && wantsPlace && !ctx.encounter.location?.placeOfService?.code) {
    return { field: RULE_FIELDS.placeOfService, message: 'Place of service is required.' };
  }
  return undefined;
};

export const checkMissingDiagnosis: RuleCheck<'MissingDiagnosis'> = (parameters, presence, ctx) => {
  const count = (ctx.encounter.diagnoses ?? []).filter((d) => d.code?.code).length;
  if (presence === 'NotPresent') return presenceFinding(count > 0, presence, RULE_FIELDS.diagnoses, 'Diagnosis');
  if (presence === 'MaybePresent') return undefined;
  const min = Math.max(1, parameters?.minCount ?? 1);
  if (count >= min) return undefined;
  return {
    field: RULE_FIELDS.diagnoses,
    message: `Diagnosis: at least ${min} ${min === 1 ? 'diagnosis is' : 'diagnoses are'} required.`,
  };
};

/**
 * An appointment is present when the encounter links one that exists in the patient's chart and
 * was not entered in error (the server loads it; the editor, which does not, trusts the link). An
 * appointment booked in Caseload counts only when the practice says so
 * (appointmentCreationSatisfiesValidations); one from the system of origin always does.
 */
export const checkAppointmentRequired: RuleCheck<'AppointmentRequired'> = (_p, presence, ctx) => {
  const found = ctx.appointment;
  const present =
    Boolean(ctx.encounter.appointment?.id) &&
    (found === undefined ||
      (found !== null &&
        found.status !== 'entered-in-error' &&
        (found.origin !== 'Caseload' || ctx.preferences.appointmentCreationSatisfiesValidations === true)));
  if (presence === 'MustBePresent' && !present) {
    return { field: RULE_FIELDS.appointment, message: 'Appointment: the session must be linked to its appointment.' };
  }
  return presenceFinding(present, presence, RULE_FIELDS.appointment, 'Appointment');
};
