import { addElapsedMinutes } from './time-math.ts';
import { DEFAULT_INCREMENT_MINUTES, localParts, sessionInterval, zonedInstant, type DurationMode, type SessionTime } from '@caseload/core';

/** The session time as the editor's inputs show it: local date and wall-clock times in the practice's zone. */
export interface SessionTimeInputs {
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  startTime: string;
  /** HH:mm (Duration mode). */
  endTime: string;
  minutes?: number;
  increments?: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const utc = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** What the inputs show for a stored session time (empty strings where nothing is entered). */
export function inputsOf(time: SessionTime | undefined, timeZone: string): SessionTimeInputs {
  const empty: SessionTimeInputs = { date: '', startTime: '', endTime: '', minutes: time?.minutes, increments: time?.increments };
  if (!time?.start) return empty;
  const start = localParts(new Date(time.start), timeZone);
  const interval = sessionInterval(time);
  const end = interval ? localParts(interval.end, timeZone) : undefined;
  return {
    date: `${start.year}-${pad(start.month)}-${pad(start.day)}`,
    startTime: `${pad(start.hour)}:${pad(start.minute)}`,
    endTime: end ? `${pad(end.hour)}:${pad(end.minute)}` : '',
    minutes: time.minutes ?? (interval ? Math.round(interval.minutes) : undefined),
    increments: time.increments,
  };
}

/**
 * The session time the inputs describe, in the definition's duration mode. Wall-clock times are
 * the practice's (zonedInstant: DST is real elapsed time); an end time earlier than the start is
 * the next day (a session that spans midnight, which the SpanMidnight rule may flag).
 */
export function sessionTimeOf(
  inputs: SessionTimeInputs,
  mode: DurationMode,
  timeZone: string,
  incrementMinutes = DEFAULT_INCREMENT_MINUTES,
): SessionTime {
  const time: SessionTime = { mode };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(inputs.date) || !/^\d{2}:\d{2}$/.test(inputs.startTime)) return time;
  const start = zonedInstant(inputs.date, `${inputs.startTime}:00`, timeZone);
  time.start = utc(start);
  if (mode === 'Duration' && /^\d{2}:\d{2}$/.test(inputs.endTime)) {
    let end = zonedInstant(inputs.date, `${inputs.endTime}:00`, timeZone);
    if (end.getTime() < start.getTime()) end = zonedInstant(nextDate(inputs.date), `${inputs.endTime}:00`, timeZone);
    time.end = utc(end);
  }
  if (mode === 'DurationMinutes' && inputs.minutes !== undefined) time.minutes = inputs.minutes;
  if (mode === 'TimeIncrements') {
    time.incrementMinutes = incrementMinutes;
    if (inputs.increments !== undefined) time.increments = inputs.increments;
  }
  return time;
}

function nextDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The session time a new note starts with when `allowSessionTimeInputDefault` is on: the hour that
 * ended at the last quarter hour (clinicians write notes after the session), in the definition's mode.
 */
export function defaultSessionTime(now: Date, mode: DurationMode, incrementMinutes = DEFAULT_INCREMENT_MINUTES): SessionTime {
  const quarter = 15 * 60_000;
  const end = new Date(Math.floor(now.getTime() / quarter) * quarter);
  const start = addElapsedMinutes(end, -60);
  switch (mode) {
    case 'Duration':
      return { mode, start: utc(start), end: utc(end) };
    case 'DurationMinutes':
      return { mode, start: utc(start), minutes: 60 };
    case 'TimeIncrements':
      return { mode, start: utc(start), increments: Math.round(60 / incrementMinutes), incrementMinutes };
  }
}
