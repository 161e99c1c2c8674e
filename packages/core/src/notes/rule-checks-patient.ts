import { ageOn } from '../people/names.ts';
import {
  authorizationName,
  periodCovers,
  sessionUse,
  unitsLeft,
  usesAuthorization,
  visitsLeft,
  type AuthorizationBalance,
} from './authorization-usage.ts';
import { RULE_FIELDS, encounterInterval, patientLabel, serviceDate, type RuleCheck } from './rule-support.ts';
import type { Encounter } from './types.ts';

/**
 * The checks against the patient's record: age on the session date, insurance in force, and the
 * authorised units or visits left. The caller supplies that data (NoteRuleContext).
 */

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
      ? {
          field: RULE_FIELDS.coverage,
          message: `Insurance: ${active[0]!.payor.name} is in force on ${date}; this note is for uninsured services.`,
        }
      : undefined;
  }
  if (active.length) return undefined;
  const which = payers.length ? ` with ${parameters!.payers!.join(' or ')}` : '';
  return {
    field: RULE_FIELDS.coverage,
    message: `Insurance: the ${patientLabel(ctx).toLowerCase()} has no coverage${which} in force on ${date}.`,
  };
};

/**
 * Authorization: the session must fit in what one authorisation covering it has left, that is what
 * the payer authorised minus what the patient's other signed sessions used (the caller fills in
 * `usedUnits`/`usedVisits`, `authorizationUsage`). A NoShow or Cancelled session uses nothing.
 */
export const checkAuthorization: RuleCheck<'Authorization'> = (parameters, presence, ctx) => {
  if (presence === 'MaybePresent' || !usesAuthorization(ctx.encounter)) return undefined;
  const date = serviceDate(ctx);
  const name = ctx.encounter.serviceType?.display ?? ctx.encounter.services?.[0]?.serviceType?.display ?? 'this service';
  const units = { timeZone: ctx.timeZone, unitMinutes: ctx.unitMinutes };
  // An encounter without a session time yet is checked as if on today (serviceDate), for one unit.
  const dated: Encounter = encounterInterval(ctx.encounter)
    ? ctx.encounter
    : { ...ctx.encounter, sessionTime: { mode: 'DurationMinutes', start: ctx.now.toISOString(), minutes: 0 } };
  const covering = (ctx.authorizations ?? []).map((a) => ({ a, use: sessionUse(dated, a, units) })).filter((c) => c.use.visits > 0);
  if (covering.length === 0) {
    return { field: RULE_FIELDS.serviceType, message: `Service type: no authorization covers ${name} on ${date}.` };
  }
  const describe = (left: (a: AuthorizationBalance) => number, total: (a: AuthorizationBalance) => number | undefined, unit: string) =>
    covering.map(({ a }) => `${authorizationName(a)} has ${Math.max(0, left(a))} of ${total(a) ?? 0} ${unit} left`).join('; ');
  if ((parameters?.count ?? 'Units') === 'Visits') {
    if (covering.some(({ a }) => visitsLeft(a) >= 1)) return undefined;
    return {
      field: RULE_FIELDS.serviceType,
      message: `Service type: no authorized visits of ${name} remain; ${describe(visitsLeft, (a) => a.authorizedVisits, 'visits')}.`,
    };
  }
  if (covering.some(({ a, use }) => unitsLeft(a) >= use.units)) return undefined;
  const needed = Math.min(...covering.map((c) => c.use.units));
  return {
    field: RULE_FIELDS.serviceType,
    message:
      `Service type: ${needed} ${needed === 1 ? 'unit' : 'units'} of ${name} needed; ` +
      `${describe(unitsLeft, (a) => a.authorizedUnits, 'units')}.`,
  };
};
