import { useState } from 'react';
import type { CalendarEntry } from '../api/schedule.api.ts';
import { calendarInstant } from '../utils/calendar-dates.ts';
import { useWriteEntry, type EntryChanges, type EntryWriteOutcome } from './useWriteEntry.ts';

/** A move the server refused over conflicts, waiting for the user: book anyway, or put it back. */
export interface PendingMove {
  entry: CalendarEntry;
  changes: EntryChanges;
  message: string;
  revert: () => void;
}

export interface MoveEntry {
  /** FullCalendar's drop or resize: the entry, its new times (with the zone's offset), and how to undo it on the calendar. */
  move(entry: CalendarEntry, startStr: string, endStr: string, revert: () => void): Promise<void>;
  pending: PendingMove | undefined;
  bookAnyway(): Promise<void>;
  keepWhereItWas(): void;
  error: unknown;
}

/**
 * Drag to move or resize (docs/scheduling.md, "The web calendar"): through useWriteEntry (the
 * write queue for a stored appointment; the occurrence call, or the queue offline, for an
 * occurrence of a series). `saved` hears every write that took: the calendar then shows it.
 */
export function useMoveEntry(
  timeZone: string,
  saved: (entry: CalendarEntry, outcome: EntryWriteOutcome & { kind: 'saved' }) => void,
): MoveEntry {
  const write = useWriteEntry();
  const [pending, setPending] = useState<PendingMove>();
  const [error, setError] = useState<unknown>(null);

  const attempt = async (entry: CalendarEntry, changes: EntryChanges, revert: () => void, override: boolean) => {
    setError(null);
    try {
      const outcome = await write(entry, changes, override);
      if (outcome.kind === 'conflict') setPending({ entry, changes, message: outcome.message, revert });
      else saved({ ...entry, start: changes.start!, end: changes.end! }, outcome);
    } catch (e) {
      revert();
      setError(e);
    }
  };
  return {
    move: (entry, startStr, endStr, revert) =>
      attempt(entry, { start: calendarInstant(startStr, timeZone), end: calendarInstant(endStr, timeZone) }, revert, false),
    pending,
    bookAnyway: async () => {
      if (!pending) return;
      setPending(undefined);
      await attempt(pending.entry, pending.changes, pending.revert, true);
    },
    keepWhereItWas: () => {
      pending?.revert();
      setPending(undefined);
    },
    error,
  };
}
