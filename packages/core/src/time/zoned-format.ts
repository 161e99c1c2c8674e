import { localDate, localParts, zonedInstant } from '../notes/zoned-time.ts';

/**
 * Times as people read them, on one zone's clock (the practice's: docs/architecture.md, "One
 * time zone"). Built on Intl with a fixed `en-US` locale, so the server's texts and every
 * browser's show the same words whatever the reader's language settings.
 */

/** How much of an instant a text shows. */
export type ZonedStyle =
  /** "May 2, 2024, 8:00 AM" */
  | 'dateTime'
  /** "Thu, May 2, 2024, 8:00 AM": lists of sessions, where the weekday helps. */
  | 'weekdayDateTime'
  /** "Thu, May 2, 8:00 AM": near deadlines, where the year says nothing. */
  | 'weekdayTime'
  /** "May 2, 2024" */
  | 'date'
  /** "8:00 AM" */
  | 'time'
  /** "8:00:05 AM": records read to the second (the audit trail). */
  | 'timeSeconds';

const STYLES: Record<ZonedStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  weekdayDateTime: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  weekdayTime: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  timeSeconds: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
};

const LOCALE = 'en-US';
const cache = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, style: ZonedStyle, named: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${style}|${named}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, { ...STYLES[style], timeZone, ...(named && { timeZoneName: 'short' }) });
    cache.set(key, f);
  }
  return f;
}

/** Recent ICU data puts a narrow no-break space before AM/PM, older a space: one text everywhere. */
const plainSpaces = (s: string) => s.replace(/[\u202f\u2009\u00a0]/g, ' ');

/** An instant from an ISO text, epoch milliseconds or a Date; undefined when it is none. */
function instantOf(at: Date | string | number | undefined | null): Date | undefined {
  if (at === undefined || at === null || at === '') return undefined;
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The zone the code runs in: the browser's (or the server process's) own clock. */
export function readerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Texts and inputs on one zone's clock; see `zonedClock`. */
export interface ZonedClock {
  /** The IANA zone every text and input is in. */
  readonly timeZone: string;
  /** Whether texts with a time of day end with the zone's name ("8:00 AM EST"). */
  readonly namesZone: boolean;
  /** An instant in words ('' when there is none or it is not a date). Date-only styles never name the zone. */
  format(at: Date | string | number | undefined | null, style?: ZonedStyle): string;
  /** "May 2, 2024, 8:00 AM", plus the zone's name when `namesZone`. */
  formatDateTime(at: Date | string | number | undefined | null): string;
  /** "8:00 AM", plus the zone's name when `namesZone`. */
  formatTime(at: Date | string | number | undefined | null): string;
  /** "May 2, 2024". */
  formatDate(at: Date | string | number | undefined | null): string;
  /**
   * A span: "May 2, 2024, 8:00 AM – 9:00 AM", the date written once when both ends fall on the
   * same local day, the zone's name once at the end (at both ends when a DST change comes between).
   */
  formatRange(start: Date | string | number, end: Date | string | number): string;
  /** The zone's short name at an instant ("EST" in winter, "EDT" in summer; "GMT+9" where there is no abbreviation). */
  zoneName(at?: Date | string | number): string;
  /** The calendar date (yyyy-MM-dd) of an instant in the zone ('' when it is none). */
  dateOf(at: Date | string | number | undefined | null): string;
  /** An instant as the value of a datetime-local input on this clock (yyyy-MM-ddTHH:mm:ss; '' when none). */
  toInput(at: Date | string | number | undefined | null): string;
  /**
   * A datetime-local input's value read on this clock, as a UTC timestamp yyyy-MM-ddTHH:mm:ssZ
   * (undefined when empty or malformed). A wall time skipped or repeated by a DST change reads
   * as `zonedInstant` says.
   */
  fromInput(local: string | undefined | null): string | undefined;
}

/**
 * A clock for `timeZone`. `nameZone` makes every text with a time of day say which zone it is in,
 * so a reader elsewhere cannot take the practice's 8:00 AM for their own: a browser asks for it
 * when its own zone is another (`timeZone !== readerTimeZone()`); a text read anywhere (an
 * e-mail) always does.
 */
export function zonedClock(timeZone: string, { nameZone }: { nameZone: boolean }): ZonedClock {
  const namesZone = nameZone;
  const text = (d: Date, style: ZonedStyle, named: boolean) =>
    plainSpaces(formatterFor(timeZone, style, named && style !== 'date').format(d));
  const format = (at: Date | string | number | undefined | null, style: ZonedStyle = 'dateTime') => {
    const d = instantOf(at);
    return d ? text(d, style, namesZone) : '';
  };
  const zoneName = (at: Date) =>
    formatterFor(timeZone, 'time', true)
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return {
    timeZone,
    namesZone,
    format,
    formatDateTime: (at) => format(at, 'dateTime'),
    formatTime: (at) => format(at, 'time'),
    formatDate: (at) => format(at, 'date'),
    formatRange(startAt, endAt) {
      const start = instantOf(startAt);
      const end = instantOf(endAt);
      if (!start || !end) return format(start ?? end);
      const sameDay = localDate(start, timeZone) === localDate(end, timeZone);
      const bothNamed = namesZone && zoneName(start) !== zoneName(end);
      const first = sameDay ? `${text(start, 'date', false)}, ${text(start, 'time', bothNamed)}` : text(start, 'dateTime', bothNamed);
      return `${first} – ${text(end, sameDay ? 'time' : 'dateTime', namesZone)}`;
    },
    zoneName: (at = new Date()) => zoneName(instantOf(at) ?? new Date()),
    dateOf(at) {
      const d = instantOf(at);
      return d ? localDate(d, timeZone) : '';
    },
    toInput(at) {
      const d = instantOf(at);
      if (!d) return '';
      const p = localParts(d, timeZone);
      return `${localDate(d, timeZone)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
    },
    fromInput(local) {
      const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?$/.exec(local ?? '');
      if (!m) return undefined;
      const at = zonedInstant(m[1]!, m[2]!, timeZone);
      return Number.isNaN(at.getTime()) ? undefined : `${at.toISOString().slice(0, 19)}Z`;
    },
  };
}
