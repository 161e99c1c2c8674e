import type { NoteRuleKind } from '../enums.ts';
import { formatDurationShort } from '../validation/duration.ts';
import type { NoteRule, NoteRuleContext, NoteRuleParameters, RulePresence } from './rule-types.ts';
import { sessionInterval, type SessionInterval } from './session-time.ts';
import type { Encounter } from './types.ts';
import { localDate, localParts } from './zoned-time.ts';

/** What one rule check finds wrong: the message (naming the field) and the field's path. */
export interface Finding {
  message: string;
  field: string;
}

/** One rule kind's check: nothing when the note satisfies it. */
export type RuleCheck<K extends NoteRuleKind> = (
  parameters: NoteRuleParameters[K],
  presence: RulePresence,
  ctx: NoteRuleContext,
) => Finding | undefined;

/** Paths of the fields rules point at (the editor focuses the field with this path). */
export const RULE_FIELDS = {
  sessionTime: 'encounter.sessionTime',
  sessionStart: 'encounter.sessionTime.start',
  visitStatus: 'encounter.visitStatus',
  program: 'encounter.program',
  location: 'encounter.location.location',
  placeOfService: 'encounter.location.placeOfService',
  diagnoses: 'encounter.diagnoses',
  appointment: 'encounter.appointment',
  serviceType: 'encounter.serviceType',
  services: 'encounter.services',
  coverage: 'subject.coverages',
  birthDate: 'subject.birthDate',
} as const;

/**
 * The whole session of an encounter: its session time, or for a multi-service encounter without
 * one, from the first service's start to the last service's end.
 */
export function encounterInterval(encounter: Encounter): SessionInterval | undefined {
  const own = sessionInterval(encounter.sessionTime);
  if (own) return own;
  const services = (encounter.services ?? []).map((s) => sessionInterval(s.sessionTime)).filter((s) => s !== undefined);
  if (services.length === 0) return undefined;
  const start = new Date(Math.min(...services.map((s) => s.start.getTime())));
  const end = new Date(Math.max(...services.map((s) => s.end.getTime())));
  return { start, end, minutes: (end.getTime() - start.getTime()) / 60_000 };
}

/** The local date of the session; today while no session time is entered (a note written now). */
export function serviceDate(ctx: NoteRuleContext): string {
  const interval = encounterInterval(ctx.encounter);
  return localDate(interval?.start ?? ctx.now, ctx.timeZone);
}

/** A wall-clock time for messages ("09:05"). */
export function localTime(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** Minutes as the product shows durations: at most two units ("1h 5m"). */
export const minutesText = (minutes: number) => formatDurationShort(Math.round(minutes * 60_000));

export const sessionLabel = (ctx: NoteRuleContext) => ctx.labels?.session?.singular ?? 'Session';
export const locationLabel = (ctx: NoteRuleContext) => ctx.labels?.location?.singular ?? 'Location';
export const patientLabel = (ctx: NoteRuleContext) => ctx.labels?.patient?.singular ?? 'Patient';

/**
 * The presence check that the "is it there" kinds share: MustBePresent needs it, NotPresent
 * forbids it, MaybePresent accepts either.
 */
export function presenceFinding(present: boolean, presence: RulePresence, field: string, name: string): Finding | undefined {
  if (presence === 'MustBePresent' && !present) return { field, message: `${name} is required.` };
  if (presence === 'NotPresent' && present) return { field, message: `${name} must be left empty.` };
  return undefined;
}

/** Does the rule govern this note (Active, and in scope by program, service type and note kind)? */
export function ruleApplies(rule: NoteRule, ctx: NoteRuleContext): boolean {
  if (rule.status !== 'Active') return false;
  const scope = rule.scope;
  if (!scope) return true;
  const matches = (list: { id: string }[] | undefined, id: string | undefined) =>
    !list || list.length === 0 || (id !== undefined && list.some((r) => r.id === id));
  const serviceIds = [ctx.encounter.serviceType?.id, ...(ctx.encounter.services ?? []).map((s) => s.serviceType?.id)];
  const serviceMatches = !scope.serviceTypes?.length || serviceIds.some((id) => id !== undefined && matches(scope.serviceTypes, id));
  return (
    matches(scope.programs, ctx.encounter.program?.id) &&
    serviceMatches &&
    (!scope.noteKinds?.length || scope.noteKinds.includes(ctx.note.kind))
  );
}
