import { useState } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import type { CalendarEntry } from '../api/schedule.api.ts';
import { calendarInstant } from '../utils/calendar-dates.ts';
import { isSeriesEntry, seriesScopes, type SeriesScope } from '../utils/series-edit.ts';
import { useWriteEntry, type EntryChanges, type EntryWriteOutcome } from './useWriteEntry.ts';

interface Move {
  entry: CalendarEntry;
  changes: EntryChanges;
  revert: () => void;
  scope?: SeriesScope;
}

/** A move the server refused over conflicts, waiting for the user: book anyway, or put it back. */
export interface PendingMove extends Move {
  message: string;
}

/** A move of a series' occurrence, waiting for the user to say which occurrences it changes. */
export interface ScopeQuestion extends Move {
  /** The scopes that can be taken now (only this occurrence offline). */
  scopes: SeriesScope[];
}

export interface MoveEntry {
  /** FullCalendar's drop or resize: the entry, its new times (with the zone's offset), and how to undo it on the calendar. */
  move(entry: CalendarEntry, startStr: string, endStr: string, revert: () => void): Promise<void>;
  /** Asked when a series' occurrence is moved: this occurrence, this and following, or all. */
  question: ScopeQuestion | undefined;
  answer(scope: SeriesScope): Promise<void>;
  pending: PendingMove | undefined;
  bookAnyway(): Promise<void>;
  keepWhereItWas(): void;
  error: unknown;
}

/**
 * Drag to move or resize (docs/scheduling.md, "The web calendar"): through useWriteEntry (the
 * write queue for a stored appointment; the occurrence call, or the queue offline, for an
 * occurrence of a series). A series' occurrence asks first which occurrences move.
 * `saved` hears every write that took: the calendar then shows it.
 */
export function useMoveEntry(
  timeZone: string,
  saved: (entry: CalendarEntry, outcome: EntryWriteOutcome & { kind: 'saved' }, scope?: SeriesScope) => void,
): MoveEntry {
  const write = useWriteEntry();
  const layer = useDataLayer();
  const [question, setQuestion] = useState<ScopeQuestion>();
  const [pending, setPending] = useState<PendingMove>();
  const [error, setError] = useState<unknown>(null);

  const attempt = async (move: Move, override: boolean) => {
    const { entry, changes, revert, scope } = move;
    setError(null);
    try {
      const outcome = await write(entry, changes, override, scope);
      if (outcome.kind === 'conflict') setPending({ ...move, message: outcome.message });
      else saved({ ...entry, start: changes.start!, end: changes.end! }, outcome, scope);
    } catch (e) {
      revert();
      setError(e);
    }
  };
  const putBack = (move: Move | undefined) => move?.revert();
  return {
    move: async (entry, startStr, endStr, revert) => {
      const changes = { start: calendarInstant(startStr, timeZone), end: calendarInstant(endStr, timeZone) };
      if (!isSeriesEntry(entry)) return attempt({ entry, changes, revert }, false);
      const scopes = seriesScopes(entry, { start: changes.start, end: changes.end }, timeZone, layer.syncState.get().online);
      setQuestion({ entry, changes, revert, scopes });
    },
    question,
    answer: async (scope) => {
      if (!question) return;
      setQuestion(undefined);
      await attempt({ ...question, scope }, false);
    },
    pending,
    bookAnyway: async () => {
      if (!pending) return;
      setPending(undefined);
      await attempt(pending, true);
    },
    keepWhereItWas: () => {
      putBack(pending ?? question);
      setPending(undefined);
      setQuestion(undefined);
    },
    error,
  };
}
