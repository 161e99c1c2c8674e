/**
 * Local dates and times in a practice's time zone, from the platform's IANA data (Intl), so that
 * "the session date", "midnight" and "a weekend" mean what they mean on the clinic's wall clock,
 * across DST changes, in the browser and on the server alike.
 */

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const MS_PER_DAY = 86_400_000;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a time zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday!]!,
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The local calendar date (yyyy-MM-dd) of an instant. */
export function localDate(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: -5 h). */
function offsetAt(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a zone. A time skipped by a DST change (02:30 on the
 * spring-forward night) is read with the offset before the change, so it lands an hour later
 * (03:30), as clocks do; a repeated time (01:30 on the fall-back night) is its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, s = 0] = time.split(':').map(Number) as [number, number, number?];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const reads = (t: number) => {
    const p = localParts(new Date(t), timeZone);
    return p.hour === h && p.minute === mi && p.day === d;
  };
  // The offsets in force around that wall time: before and after any change that night.
  const early = wall - offsetAt(new Date(wall - 12 * 3_600_000), timeZone);
  const late = wall - offsetAt(new Date(wall + 12 * 3_600_000), timeZone);
  const fits = [early, late].filter(reads).sort((a, b) => a - b);
  return new Date(fits[0] ?? early);
}

/** The instant the local day after the instant's local day begins. */
export function startOfNextLocalDay(instant: Date, timeZone: string): Date {
  const next = addDays(localDate(instant, timeZone), 1);
  return zonedInstant(next, '00:00:00', timeZone);
}

/** A calendar date plus whole days (yyyy-MM-dd). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whole calendar days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const ms = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(to) - ms(from)) / MS_PER_DAY);
}

/** True for a time zone the platform knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}
