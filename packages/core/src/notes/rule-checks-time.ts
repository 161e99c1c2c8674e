import {
  RULE_FIELDS,
  encounterInterval,
  localTime,
  minutesText,
  presenceFinding,
  serviceDate,
  sessionLabel,
  type RuleCheck,
} from './rule-support.ts';
import { intervalsOverlap, sessionInterval } from './session-time.ts';
import { daysBetween, localDate } from './zoned-time.ts';

/**
 * The checks of when and how long: session duration and increments, midnight spans, overlaps,
 * the service date and the services' times. Durations are elapsed real time, so a session across
 * a DST change is as long as it really was.
 */

export const checkSessionDuration: RuleCheck<'SessionDuration'> = (parameters, presence, ctx) => {
  const label = `${sessionLabel(ctx)} time`;
  const interval = encounterInterval(ctx.encounter);
  if (!interval) return presenceFinding(false, presence, RULE_FIELDS.sessionTime, label);
  const { minMinutes, maxMinutes } = parameters ?? {};
  const lasts = minutesText(interval.minutes);
  if (minMinutes !== undefined && interval.minutes < minMinutes) {
    return {
      field: RULE_FIELDS.sessionTime,
      message: `${label}: the session lasts ${lasts}; at least ${minutesText(minMinutes)} is required.`,
    };
  }
  if (maxMinutes !== undefined && interval.minutes > maxMinutes) {
    return {
      field: RULE_FIELDS.sessionTime,
      message: `${label}: the session lasts ${lasts}; at most ${minutesText(maxMinutes)} is allowed.`,
    };
  }
  return undefined;
};

export const checkSessionDurationIncrement: RuleCheck<'SessionDurationIncrement'> = (parameters, presence, ctx) => {
  const label = `${sessionLabel(ctx)} time`;
  const interval = encounterInterval(ctx.encounter);
  if (!interval) return presenceFinding(false, presence, RULE_FIELDS.sessionTime, label);
  const step = parameters?.incrementMinutes;
  if (!step || step <= 0) return undefined;
  // Whole seconds, so 0.1-minute float noise cannot make 45 minutes "not a multiple" of 15.
  const seconds = Math.round(interval.minutes * 60);
  if (seconds % Math.round(step * 60) === 0) return undefined;
  return {
    field: RULE_FIELDS.sessionTime,
    message: `${label}: ${minutesText(interval.minutes)} is not a multiple of ${minutesText(step)}.`,
  };
};

export const checkSpanMidnight: RuleCheck<'SpanMidnight'> = (_p, presence, ctx) => {
  const interval = encounterInterval(ctx.encounter);
  if (!interval) return undefined;
  // A session ending exactly at midnight belongs to the day it started.
  const lastMoment = new Date(Math.max(interval.start.getTime(), interval.end.getTime() - 1));
  const spans = localDate(interval.start, ctx.timeZone) !== localDate(lastMoment, ctx.timeZone);
  const label = `${sessionLabel(ctx)} time`;
  if (presence === 'NotPresent' && spans) {
    return { field: RULE_FIELDS.sessionTime, message: `${label}: the session spans midnight; document one session per day.` };
  }
  if (presence === 'MustBePresent' && !spans) {
    return { field: RULE_FIELDS.sessionTime, message: `${label}: this note is for sessions that span midnight.` };
  }
  return undefined;
};

export const checkSessionOverlap: RuleCheck<'SessionOverlap'> = (parameters, presence, ctx) => {
  // The practice turns overlap checking on or off for every overlap rule at once.
  if (!ctx.preferences.checkOverlappingSessions || presence === 'MaybePresent') return undefined;
  const interval = encounterInterval(ctx.encounter);
  if (!interval) return undefined;
  const scope = parameters?.scope ?? 'Both';
  const mine = new Set(
    ctx.encounter.participants.filter((p) => p.role === 'PrimaryPerformer' || p.role === 'SecondaryPerformer').map((p) => p.individual.id),
  );
  const patientId = ctx.encounter.subject?.id ?? ctx.encounter.partition;
  for (const other of ctx.otherSessions ?? []) {
    if (other.encounterId === ctx.encounter.id) continue;
    const sameClinician = scope !== 'Patient' && other.clinicianIds.some((id) => mine.has(id));
    const samePatient = scope !== 'Clinician' && other.patientId === patientId;
    if (!sameClinician && !samePatient) continue;
    const span = { start: new Date(other.start), end: new Date(other.end) };
    if (!intervalsOverlap(interval, span)) continue;
    const whose = sameClinician ? 'the same clinician' : 'the same patient';
    const when = `${localTime(span.start, ctx.timeZone)} to ${localTime(span.end, ctx.timeZone)}`;
    return {
      field: RULE_FIELDS.sessionTime,
      message: `${sessionLabel(ctx)} time: overlaps another session of ${whose}${other.display ? ` (${other.display})` : ''} from ${when}.`,
    };
  }
  return undefined;
};

export const checkServiceDate: RuleCheck<'ServiceDate'> = (parameters, presence, ctx) => {
  const label = `${sessionLabel(ctx)} date`;
  const interval = encounterInterval(ctx.encounter);
  if (!interval) return presenceFinding(false, presence, RULE_FIELDS.sessionStart, label);
  const date = serviceDate(ctx);
  if (!parameters?.allowFuture && interval.start.getTime() > ctx.now.getTime()) {
    return { field: RULE_FIELDS.sessionStart, message: `${label}: ${date} ${localTime(interval.start, ctx.timeZone)} is in the future.` };
  }
  const max = parameters?.maxDaysAgo;
  if (max !== undefined) {
    const ago = daysBetween(date, localDate(ctx.now, ctx.timeZone));
    if (ago > max) {
      return {
        field: RULE_FIELDS.sessionStart,
        message: `${label}: ${date} is ${ago} days ago; notes must be written within ${max} ${max === 1 ? 'day' : 'days'} of the session.`,
      };
    }
  }
  return undefined;
};

export const checkServiceBasedSubformDuration: RuleCheck<'ServiceBasedSubformDuration'> = (parameters, _presence, ctx) => {
  const services = ctx.encounter.services ?? [];
  if (services.length === 0) return undefined;
  const session = sessionInterval(ctx.encounter.sessionTime) ?? encounterInterval(ctx.encounter);
  if (!session) return undefined;
  const times = services.map((s) => sessionInterval(s.sessionTime)?.minutes);
  const missing = times.findIndex((t) => t === undefined);
  if (missing !== -1) {
    const name = services[missing]!.serviceType?.display ?? `service ${missing + 1}`;
    return { field: `${RULE_FIELDS.services}.${missing}.sessionTime`, message: `Services: the time of ${name} is required.` };
  }
  const total = times.reduce<number>((sum, t) => sum + t!, 0);
  const tolerance = parameters?.toleranceMinutes ?? 0;
  const comparison = parameters?.comparison ?? 'Equal';
  const tooLong = total > session.minutes + tolerance;
  const tooShort = comparison === 'Equal' && total < session.minutes - tolerance;
  if (!tooLong && !tooShort) return undefined;
  return {
    field: RULE_FIELDS.services,
    message:
      `Services: the services' times add up to ${minutesText(total)}; ` +
      `the ${sessionLabel(ctx).toLowerCase()} lasts ${minutesText(session.minutes)}.`,
  };
};
