import type { Period } from '../people/types.ts';
import type { Reference } from '../resources/resource.ts';
import { encounterInterval } from './rule-support.ts';
import { sessionInterval } from './session-time.ts';
import type { Encounter } from './types.ts';
import { localDate } from './zoned-time.ts';

/**
 * A payer's authorisation for a patient, as recorded on `Coverage.authorizations[]` (docs/notes.md),
 * with what the patient's other signed sessions have used of it. The recorded numbers are what the
 * payer authorised for the window; `usedUnits`/`usedVisits` are filled in by the server
 * (`authorizationUsage`), never stored.
 */
export interface AuthorizationBalance {
  /** The payer's authorisation number, named in messages. */
  number?: string;
  /** The service it authorises (a HealthcareService); absent: any service. */
  serviceType?: Reference;
  /** The program it authorises; absent: any program. */
  program?: Reference;
  /** Its window of local dates (ends inclusive); absent ends run on. */
  period?: Period;
  /** Units authorised for the window. */
  authorizedUnits?: number;
  /** Visits authorised for the window. */
  authorizedVisits?: number;
  /** Units the patient's other signed sessions in the window used (computed). */
  usedUnits?: number;
  /** Visits the patient's other signed sessions in the window used (computed). */
  usedVisits?: number;
  display?: string;
}

/** What the unit arithmetic needs: the practice's zone and minutes per unit by service id (15 when unset). */
export interface UnitContext {
  timeZone: string;
  unitMinutes?: Record<string, number>;
}

/** Minutes per billing unit when the service does not say. */
export const DEFAULT_UNIT_MINUTES = 15;

/** True when the date falls in the period (ends inclusive; an open end runs on). */
export function periodCovers(period: Period | undefined, date: string): boolean {
  if (!period) return true;
  return (!period.start || period.start <= date) && (!period.end || date <= period.end);
}

/** A NoShow or Cancelled session is not delivered: it uses no authorisation. */
export const usesAuthorization = (encounter: Pick<Encounter, 'visitStatus'>) =>
  encounter.visitStatus !== 'NoShow' && encounter.visitStatus !== 'Cancelled';

/** Units of `minutes` of a service: a started unit counts (50 minutes of 15-minute units is 4), at least 1. */
function unitsOf(minutes: number, serviceId: string | undefined, ctx: UnitContext): number {
  const perUnit = (serviceId && ctx.unitMinutes?.[serviceId]) || DEFAULT_UNIT_MINUTES;
  return Math.max(1, Math.ceil(Math.round(minutes * 60) / (perUnit * 60)));
}

/**
 * What one session uses of an authorisation: nothing unless it was delivered, on a local date in
 * the window, in the authorised program and service. A multi-service session uses the units of its
 * services the authorisation covers (each its `units` when recorded, else from its time); any other
 * session the units of its whole time in its one service. A session that uses anything is a visit.
 */
export function sessionUse(encounter: Encounter, authorization: AuthorizationBalance, ctx: UnitContext): { units: number; visits: number } {
  const none = { units: 0, visits: 0 };
  if (!usesAuthorization(encounter)) return none;
  const interval = encounterInterval(encounter);
  if (!interval || !periodCovers(authorization.period, localDate(interval.start, ctx.timeZone))) return none;
  if (authorization.program && authorization.program.id !== encounter.program?.id) return none;
  const wanted = authorization.serviceType?.id;
  const services = encounter.services ?? [];
  if (services.length > 0) {
    const covered = services.filter((s) => !wanted || s.serviceType?.id === wanted);
    if (covered.length === 0) return none;
    const units = covered.reduce((sum, s) => {
      if (typeof s.units === 'number') return sum + s.units;
      return sum + unitsOf(sessionInterval(s.sessionTime)?.minutes ?? 0, s.serviceType?.id, ctx);
    }, 0);
    return { units, visits: 1 };
  }
  if (wanted && encounter.serviceType?.id !== wanted) return none;
  return { units: unitsOf(interval.minutes, encounter.serviceType?.id, ctx), visits: 1 };
}

/**
 * The authorisations with what `sessions` (the patient's other signed sessions) used of them. Each
 * session is billed to one authorisation: in date order, the first that covers it and still has
 * room for it, else the first that covers it (which is then overdrawn). So two authorisations for
 * the same service are used up one after the other, never counted twice.
 */
export function authorizationUsage(
  authorizations: readonly AuthorizationBalance[],
  sessions: readonly Encounter[],
  ctx: UnitContext,
): AuthorizationBalance[] {
  const balances = authorizations.map((a) => ({ ...a, usedUnits: 0, usedVisits: 0 }));
  const ordered = sessions
    .map((encounter) => ({ encounter, start: encounterInterval(encounter)?.start.getTime() ?? 0 }))
    .sort((a, b) => a.start - b.start);
  for (const { encounter } of ordered) {
    const uses = balances.map((b) => ({ balance: b, use: sessionUse(encounter, b, ctx) })).filter((u) => u.use.visits > 0);
    const roomy = uses.find(({ balance, use }) => hasRoom(balance, use));
    const chosen = roomy ?? uses[0];
    if (!chosen) continue;
    chosen.balance.usedUnits += chosen.use.units;
    chosen.balance.usedVisits += chosen.use.visits;
  }
  return balances;
}

/** Room for a session's use in what the authorisation counts (units, visits, or both when it records both). */
function hasRoom(a: AuthorizationBalance, use: { units: number; visits: number }): boolean {
  return (
    (a.authorizedUnits === undefined || unitsLeft(a) >= use.units) && (a.authorizedVisits === undefined || visitsLeft(a) >= use.visits)
  );
}

/** Authorised units not used yet (may be negative when overdrawn). */
export const unitsLeft = (a: AuthorizationBalance) => (a.authorizedUnits ?? 0) - (a.usedUnits ?? 0);

/** Authorised visits not used yet. */
export const visitsLeft = (a: AuthorizationBalance) => (a.authorizedVisits ?? 0) - (a.usedVisits ?? 0);

/** The authorisation as messages name it: its number, else its display, with its window. */
export function authorizationName(a: AuthorizationBalance): string {
  const name = a.number ? `authorization ${a.number}` : a.display ? `authorization ${a.display}` : 'the authorization';
  const window = a.period?.start || a.period?.end ? ` (${a.period.start ?? '…'} to ${a.period.end ?? '…'})` : '';
  return `${name}${window}`;
}

/** The earliest and latest local dates any of the authorisations covers (undefined: open). */
export function authorizationWindow(authorizations: readonly AuthorizationBalance[]): { start?: string; end?: string } {
  const starts = authorizations.map((a) => a.period?.start);
  const ends = authorizations.map((a) => a.period?.end);
  return {
    start: starts.some((s) => !s) ? undefined : (starts as string[]).sort()[0],
    end: ends.some((e) => !e) ? undefined : (ends as string[]).sort().at(-1),
  };
}
