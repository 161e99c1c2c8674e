import { ageOn } from '../people/names.ts';
import type { Period } from '../people/types.ts';
import { RULE_FIELDS, encounterInterval, patientLabel, serviceDate, type RuleCheck } from './rule-support.ts';

/**
 * The checks against the patient's record: age on the session date, insurance in force, and the
 * authorised units or visits left. The caller supplies that data (NoteRuleContext).
 */

/** True when the date falls in the period (ends inclusive; an open end runs on). */
export function periodCovers(period: Period | undefined, date: string): boolean {
  if (!period) return true;
  return (!period.start || period.start <= date) && (!period.end || date <= period.end);
}

export const checkAge: RuleCheck<'Age'> = (parameters, _presence, ctx) => {
  const label = patientLabel(ctx);
  const birthDate = ctx.patient?.birthDate;
  if (!birthDate) return { field: RULE_FIELDS.birthDate, message: `${label}: the birth date is required to check the age.` };
  const date = serviceDate(ctx);
  // people/names.ts: birthdays count from their day; 29 February turns a year on 1 March.
  const age = ageOn(birthDate, date);
  if (age === undefined) return { field: RULE_FIELDS.birthDate, message: `${label}: the birth date ${birthDate} is not before ${date}.` };
  const { minYears, maxYears } = parameters ?? {};
  if (minYears !== undefined && age < minYears) {
    return { field: RULE_FIELDS.birthDate, message: `${label}: aged ${age} on ${date}; this note is for ages ${minYears} and over.` };
  }
  if (maxYears !== undefined && age > maxYears) {
    return { field: RULE_FIELDS.birthDate, message: `${label}: aged ${age} on ${date}; this note is for ages up to ${maxYears}.` };
  }
  return undefined;
};

export const checkInsurance: RuleCheck<'Insurance'> = (parameters, presence, ctx) => {
  if (presence === 'MaybePresent') return undefined;
  const date = serviceDate(ctx);
  const payers = (parameters?.payers ?? []).map((p) => p.toLowerCase());
  const active = (ctx.coverages ?? []).filter(
    (c) => periodCovers(c.period, date) && (payers.length === 0 || payers.includes(c.payor.name.toLowerCase())),
  );
  if (presence === 'NotPresent') {
    return active.length
      ? { field: RULE_FIELDS.coverage, message: `Insurance: ${active[0]!.payor.name} is in force on ${date}; this note is for uninsured services.` }
      : undefined;
  }
  if (active.length) return undefined;
  const which = payers.length ? ` with ${parameters!.payers!.join(' or ')}` : '';
  return { field: RULE_FIELDS.coverage, message: `Insurance: the ${patientLabel(ctx).toLowerCase()} has no coverage${which} in force on ${date}.` };
};

export const checkAuthorization: RuleCheck<'Authorization'> = (parameters, presence, ctx) => {
  if (presence === 'MaybePresent') return undefined;
  const date = serviceDate(ctx);
  const service = ctx.encounter.serviceType;
  const name = service?.display ?? 'this service';
  const covering = (ctx.authorizations ?? []).filter(
    (a) => periodCovers(a.period, date) && (!a.serviceType || a.serviceType.id === service?.id),
  );
  if (covering.length === 0) {
    return { field: RULE_FIELDS.serviceType, message: `Service type: no authorization covers ${name} on ${date}.` };
  }
  if ((parameters?.count ?? 'Units') === 'Visits') {
    const left = covering.reduce((sum, a) => sum + (a.remainingVisits ?? 0), 0);
    if (left >= 1) return undefined;
    return { field: RULE_FIELDS.serviceType, message: `Service type: no authorized visits of ${name} remain.` };
  }
  const minutes = encounterInterval(ctx.encounter)?.minutes ?? 0;
  const perUnit = (service && ctx.unitMinutes?.[service.id]) || 15;
  // A started unit counts: a 50-minute session of 15-minute units uses 4.
  const needed = Math.max(1, Math.ceil(Math.round(minutes * 60) / (perUnit * 60)));
  const left = covering.reduce((sum, a) => sum + (a.remainingUnits ?? 0), 0);
  if (left >= needed) return undefined;
  return {
    field: RULE_FIELDS.serviceType,
    message: `Service type: ${needed} ${needed === 1 ? 'unit' : 'units'} of ${name} needed; ${left} authorized ${left === 1 ? 'unit remains' : 'units remain'}.`,
  };
};
