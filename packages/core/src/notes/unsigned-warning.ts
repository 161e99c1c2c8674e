import { formatDurationShort } from '../validation/duration.ts';
import { addElapsed, elapsedMs } from './weekend-duration.ts';

/** The practice preferences the unsigned-note warning reads (SPEC.md section 9 defaults 36 and true). */
export interface UnsignedWarningPreferences {
  noteSignWarningTimeout: number;
  sessionToSignIncludesWeekends: boolean;
}

/** Where an unsigned note stands against the practice's signing deadline. */
export interface UnsignedNoteStatus {
  /** True once more than noteSignWarningTimeout hours have passed since the session ended. */
  overdue: boolean;
  /** Counted hours (weekends left out unless the practice counts them). */
  elapsedMs: number;
  /** "1h 30m" style (at most two units). */
  elapsedText: string;
  /** yyyy-MM-ddTHH:mm:ssZ: when the warning starts. */
  warnAt: string;
}

const MS_PER_HOUR = 3_600_000;

/**
 * The unsigned warning of a note whose session ended at `sessionEnd`: overdue when strictly more
 * than `noteSignWarningTimeout` hours have passed, counting weekend hours only when
 * `sessionToSignIncludesWeekends` (a Friday 5 pm session is not overdue on Monday morning).
 */
export function unsignedNoteStatus(
  sessionEnd: Date,
  now: Date,
  preferences: UnsignedWarningPreferences,
  timeZone: string,
): UnsignedNoteStatus {
  const options = { includeWeekends: preferences.sessionToSignIncludesWeekends, timeZone };
  const elapsed = elapsedMs(sessionEnd, now, options);
  const limit = preferences.noteSignWarningTimeout * MS_PER_HOUR;
  return {
    overdue: elapsed > limit,
    elapsedMs: elapsed,
    elapsedText: formatDurationShort(elapsed),
    warnAt: addElapsed(sessionEnd, limit, options)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z'),
  };
}
