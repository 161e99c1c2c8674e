import type { SessionTime } from './types.ts';

/** A session's start and end instants and its length; what every duration rule reads. */
export interface SessionInterval {
  start: Date;
  end: Date;
  /** Elapsed minutes between the instants (real time: a DST night's hour counts once). */
  minutes: number;
}

/** Minutes per increment when a TimeIncrements session time does not say. */
export const DEFAULT_INCREMENT_MINUTES = 15;

const MS_PER_MINUTE = 60_000;

function instant(value: string | undefined): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The interval a session time describes, or undefined while it is incomplete or impossible (no
 * start; an end before the start; a negative count). Each duration mode (docs/notes.md):
 * `Duration` start to end; `DurationMinutes` start plus minutes; `TimeIncrements` start plus
 * increments × incrementMinutes.
 */
export function sessionInterval(time: SessionTime | undefined): SessionInterval | undefined {
  if (!time) return undefined;
  const start = instant(time.start);
  if (!start) return undefined;
  let end: Date | undefined;
  switch (time.mode) {
    case 'Duration':
      end = instant(time.end);
      break;
    case 'DurationMinutes':
      if (typeof time.minutes === 'number' && Number.isFinite(time.minutes) && time.minutes >= 0) {
        end = new Date(start.getTime() + time.minutes * MS_PER_MINUTE);
      }
      break;
    case 'TimeIncrements': {
      const per = time.incrementMinutes ?? DEFAULT_INCREMENT_MINUTES;
      if (Number.isInteger(time.increments) && time.increments! >= 0 && per > 0) {
        end = new Date(start.getTime() + time.increments! * per * MS_PER_MINUTE);
      }
      break;
    }
  }
  if (!end || end.getTime() < start.getTime()) return undefined;
  return { start, end, minutes: (end.getTime() - start.getTime()) / MS_PER_MINUTE };
}

/** Minutes of a session time, or undefined while incomplete. */
export function sessionMinutes(time: SessionTime | undefined): number | undefined {
  return sessionInterval(time)?.minutes;
}

/** True when the two half-open intervals [start, end) share any time (back-to-back sessions do not). */
export function intervalsOverlap(a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}
