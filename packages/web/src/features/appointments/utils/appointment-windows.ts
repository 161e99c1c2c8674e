import type { CalendarEntry } from '@caseload/core';

/** The widest window the calendar read answers (the server's MAX_WINDOW_DAYS). */
export const WINDOW_DAYS = 62;
const DAY = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The windows a chart's list reads: `count` windows of WINDOW_DAYS from now, forward for upcoming,
 * backward for past, nearest first. Bounded: each is one calendar read, and "Show more" adds one.
 */
export function appointmentWindows(now: Date, direction: 'upcoming' | 'past', count: number): { from: string; to: string }[] {
  const t = Math.floor(now.getTime() / 1000) * 1000;
  return Array.from({ length: count }, (_, i) =>
    direction === 'upcoming'
      ? { from: iso(t + i * WINDOW_DAYS * DAY), to: iso(t + (i + 1) * WINDOW_DAYS * DAY) }
      : { from: iso(t - (i + 1) * WINDOW_DAYS * DAY), to: iso(t - i * WINDOW_DAYS * DAY) },
  );
}

/**
 * The entries of the windows as a list shows them: upcoming ones (starting now or later) soonest
 * first, past ones (started before now, an appointment under way included) latest first, each once
 * (an entry spanning two windows' edge is in both answers).
 */
export function entriesOf(pages: readonly (readonly CalendarEntry[])[], now: Date, direction: 'upcoming' | 'past'): CalendarEntry[] {
  const seen = new Set<string>();
  const at = now.getTime();
  const out: CalendarEntry[] = [];
  for (const e of pages.flat()) {
    const key = `${e.appointment.id}@${e.start}`;
    const upcoming = Date.parse(e.start) >= at;
    if (seen.has(key) || upcoming !== (direction === 'upcoming')) continue;
    seen.add(key);
    out.push(e);
  }
  return out.sort((a, b) => (direction === 'upcoming' ? a.start.localeCompare(b.start) : b.start.localeCompare(a.start)));
}

/** Where a list's windows reach: "until Jan 28, 2027" or "since Sep 27, 2026" on the practice's clock. */
export const reachText = (windows: { from: string; to: string }[], direction: 'upcoming' | 'past', formatDate: (iso: string) => string) => {
  const last = windows[windows.length - 1];
  if (!last) return '';
  return direction === 'upcoming' ? `until ${formatDate(last.to)}` : `since ${formatDate(last.from)}`;
};
