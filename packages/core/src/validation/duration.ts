import { badRequest } from '../errors/app-error.ts';

/** SPEC.md section 5's duration messages; the three part messages are ours. */
export const DURATION_MESSAGES = {
  invalidFormat: (value: unknown) => `"${String(value)}" is an invalid duration format.`,
  invalidHours: (value: string) => `"${value}" has an invalid hours part.`,
  invalidMinutes: (value: string) => `"${value}" has an invalid minutes part.`,
  invalidSeconds: (value: string) => `"${value}" has an invalid seconds part.`,
} as const;

const MS_PER_SECOND = 1000;
const MS_PER_MINUTE = 60 * MS_PER_SECOND;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;

/** Three colon-separated parts and an optional leading minus; each part is checked on its own. */
const SHAPE = /^(-?)([^:]*):([^:]*):([^:]*)$/;
const HOURS = /^\d+$/;
const MINUTES = /^\d{1,2}$/;
const SECONDS = /^\d{1,2}(\.\d{1,3})?$/;

/**
 * Parses `hours:minutes:seconds` (e.g. `1:05:30.25`, `-0:00:10`) to milliseconds. Minutes are
 * 0 to 59, seconds 0 up to but below 60 with up to 3 decimals. Hours are a safe integer, and
 * small enough that the total in milliseconds is one too (about 2.5 billion hours), since a
 * duration that cannot be held exactly would silently change when formatted back.
 *
 * @throws AppError BadRequest with one of {@link DURATION_MESSAGES}.
 */
export function parseDuration(value: string): number {
  const match = typeof value === 'string' ? SHAPE.exec(value) : null;
  if (!match) throw badRequest(DURATION_MESSAGES.invalidFormat(value));
  const [, sign, h, m, s] = match as unknown as [string, string, string, string, string];
  if (!HOURS.test(h) || !Number.isSafeInteger(Number(h))) {
    throw badRequest(DURATION_MESSAGES.invalidHours(value));
  }
  if (!MINUTES.test(m) || Number(m) > 59) throw badRequest(DURATION_MESSAGES.invalidMinutes(value));
  if (!SECONDS.test(s) || Number(s) >= 60) throw badRequest(DURATION_MESSAGES.invalidSeconds(value));
  // Rounded because decimal seconds are not exact in binary (0.29 * 1000 is 289.99999999999994).
  const total = Number(h) * MS_PER_HOUR + Number(m) * MS_PER_MINUTE + Math.round(Number(s) * MS_PER_SECOND);
  if (!Number.isSafeInteger(total)) throw badRequest(DURATION_MESSAGES.invalidHours(value));
  // `|| 0` so that -0:00:00 is 0, not -0.
  return sign ? -total || 0 : total;
}

interface DurationParts {
  negative: boolean;
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
}

function partsOf(ms: number): DurationParts {
  if (!Number.isFinite(ms)) throw new RangeError(`Cannot format a duration of ${ms} ms.`);
  const total = Math.round(Math.abs(ms));
  return {
    negative: ms < 0 && total !== 0,
    hours: Math.floor(total / MS_PER_HOUR),
    minutes: Math.floor((total % MS_PER_HOUR) / MS_PER_MINUTE),
    seconds: Math.floor((total % MS_PER_MINUTE) / MS_PER_SECOND),
    milliseconds: total % MS_PER_SECOND,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Seconds with their fraction, trailing zeros trimmed: 5, 5.5, 5.025. */
function secondsText(p: DurationParts, width: number): string {
  const whole = String(p.seconds).padStart(width, '0');
  if (p.milliseconds === 0) return whole;
  return `${whole}.${String(p.milliseconds).padStart(3, '0').replace(/0+$/, '')}`;
}

/**
 * Formats milliseconds as `hh:mm:ss` with up to 3 decimals (`01:05:30.25`, `-00:00:10`), the
 * form {@link parseDuration} reads back to the same (whole) number of milliseconds.
 */
export function formatDuration(ms: number): string {
  const p = partsOf(ms);
  return `${p.negative ? '-' : ''}${pad2(p.hours)}:${pad2(p.minutes)}:${secondsText(p, 2)}`;
}

/**
 * A duration for people, in at most two units: the largest non-zero unit and the one below it
 * when that is non-zero (`1h 5m`, `1h`, `5m 3s`, `2.5s`, `0s`). Smaller units are cut, not
 * rounded, so a duration never reads longer than it is.
 */
export function formatDurationShort(ms: number): string {
  const p = partsOf(ms);
  const units = [
    { amount: p.hours, text: `${p.hours}h` },
    { amount: p.minutes, text: `${p.minutes}m` },
    { amount: p.seconds * MS_PER_SECOND + p.milliseconds, text: `${secondsText(p, 1)}s` },
  ];
  const first = units.findIndex((u) => u.amount !== 0);
  if (first === -1) return '0s';
  const shown = units.slice(first, first + 2).filter((u) => u.amount !== 0);
  return `${p.negative ? '-' : ''}${shown.map((u) => u.text).join(' ')}`;
}
