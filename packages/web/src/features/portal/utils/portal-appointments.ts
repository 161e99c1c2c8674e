import { expandOccurrences, type Appointment } from '@caseload/core';

/** One visit to come, as the portal lists it. */
export interface PortalVisit {
  key: string;
  start: string;
  end: string;
  appointment: Appointment;
}

/** Statuses that are no visit to come: the portal lists none of them. */
const GONE = new Set(['cancelled', 'noshow', 'entered-in-error', 'fulfilled', 'checked-in', 'arrived']);
const DAYS = 86_400_000;

/**
 * The visits to come within `days`, soonest first: one-off appointments, and the occurrences of
 * a series (expanded in the device's time zone: a portal login does not read the practice's),
 * less those a stored occurrence replaces (moved or cancelled ones).
 */
export function upcomingVisits(items: readonly Appointment[], now: Date, timeZone: string, days = 92): PortalVisit[] {
  const until = new Date(now.getTime() + days * DAYS);
  const replaced = new Set(
    items.filter((a) => a.occurrenceOf).map((a) => `${a.occurrenceOf!.appointment.id}|${Date.parse(a.occurrenceOf!.originalStart)}`),
  );
  const out: PortalVisit[] = [];
  for (const a of items) {
    if (a.meta?.isDeleted) continue;
    if (a.recurrence) {
      if (GONE.has(a.status)) continue;
      for (const o of expandOccurrences(a as Parameters<typeof expandOccurrences>[0], timeZone, now, until)) {
        if (replaced.has(`${a.id}|${Date.parse(o.originalStart)}`) || Date.parse(o.end) <= now.getTime()) continue;
        out.push({ key: `${a.id}|${o.originalStart}`, start: o.start, end: o.end, appointment: a });
      }
      continue;
    }
    if (GONE.has(a.status) || Date.parse(a.end) <= now.getTime() || Date.parse(a.start) > until.getTime()) continue;
    out.push({ key: a.id, start: a.start, end: a.end, appointment: a });
  }
  return out.sort((x, y) => x.start.localeCompare(y.start));
}

const WHEN = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** "Tue 3 Mar, 10:00" in the device's language and time zone. */
export const visitTime = (instant: string) => WHEN.format(new Date(instant));
