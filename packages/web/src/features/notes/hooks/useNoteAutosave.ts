import type { Encounter, Note, Resource } from '@caseload/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSyncState, useUpsert, type FailedUpsert } from '../../../data/index.ts';
import { DraftTracker } from '../utils/draft-tracker.ts';
import { useStaleWriteRecovery } from './useStaleWriteRecovery.ts';

/** How long typing may pause before the draft is stored on the device and queued (ms). */
export const NOTE_AUTOSAVE_MS = 600;

export interface NoteAutosave {
  note: Note;
  encounter: Encounter;
  /** Applies a change to the note; stored after a pause in typing. */
  updateNote(change: (note: Note) => Note): void;
  /** Applies a change to the encounter; stored after a pause in typing. */
  updateEncounter(change: (encounter: Encounter) => Encounter): void;
  /** Stores what waits now (before signing, leaving, printing); resolves once it is on the device and queued. */
  saveNow(): Promise<void>;
  /** Changes not yet on the device. */
  unsaved: boolean;
  /** Writes of this note or its encounter the server refused and that could not be recovered. */
  failures: FailedUpsert[];
  /** Another device changed fields this user has changed too: saving waits for `resolveConflict`. */
  conflict?: { which: 'note' | 'encounter'; fields: string[] };
  /** Keep this user's text (saved over the other's) or take the other device's where both wrote. */
  resolveConflict(choice: 'mine' | 'theirs'): void;
}

/**
 * The editor's working copy of a note and its encounter. The copy on screen is the truth while
 * editing: every change shows at once and is stored through the write queue after a short pause,
 * so it survives going offline and a reload; leaving the page or hiding the tab stores it at once.
 * Each save carries only the fields the clinician changed since the version the editor loaded
 * (DraftTracker), and newer stored copies (`stored*`: the live note and encounter) are folded in
 * under what is being typed, so two people editing different fields of one draft both keep theirs.
 */
export function useNoteAutosave(storedNote: Note, storedEncounter: Encounter): NoteAutosave {
  const upsertNote = useUpsert<Note>('Notes');
  const upsertEncounter = useUpsert<Encounter>('Encounters');
  const [note, setNote] = useState(storedNote);
  const [encounter, setEncounter] = useState(storedEncounter);
  const [conflict, setConflict] = useState<NoteAutosave['conflict']>();
  const [trackers] = useState(() => ({
    note: new DraftTracker(storedNote, upsertNote, setNote, (c) => setConflict(c && { which: 'note', fields: c.fields })),
    encounter: new DraftTracker(storedEncounter, upsertEncounter, setEncounter, (c) =>
      setConflict(c && { which: 'encounter', fields: c.fields }),
    ),
  }));
  const latestStored = useRef({ note: storedNote, encounter: storedEncounter });
  latestStored.current = { note: storedNote, encounter: storedEncounter };
  useEffect(() => trackers.note.stored(storedNote), [trackers, storedNote]);
  useEffect(() => trackers.encounter.stored(storedEncounter), [trackers, storedEncounter]);
  const [unsaved, setUnsaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const saveNow = useCallback(async () => {
    clearTimeout(timer.current);
    // The encounter first: a new note's encounter must exist on the server before the note names it.
    await trackers.encounter.save(latestStored.current.encounter);
    await trackers.note.save(latestStored.current.note);
    if (!trackers.note.unsaved && !trackers.encounter.unsaved) setUnsaved(false);
  }, [trackers]);

  const schedule = useCallback(() => {
    setUnsaved(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), NOTE_AUTOSAVE_MS);
  }, [saveNow]);

  const updateNote = useCallback(
    (change: (n: Note) => Note) => {
      trackers.note.edit(change);
      schedule();
    },
    [trackers, schedule],
  );

  const updateEncounter = useCallback(
    (change: (e: Encounter) => Encounter) => {
      const next = trackers.encounter.edit(change);
      // The list sorts by the note's session start: keep it in step with the encounter's.
      if (next.sessionTime?.start !== trackers.note.value.encounterDate) {
        trackers.note.edit((n) => ({ ...n, encounterDate: next.sessionTime?.start }));
      }
      schedule();
    },
    [trackers, schedule],
  );

  // Leaving the editor, closing or hiding the tab: store at once.
  useEffect(() => {
    const hide = () => {
      if (document.visibilityState === 'hidden') void saveNow();
    };
    const leave = () => void saveNow();
    document.addEventListener('visibilitychange', hide);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', hide);
      window.removeEventListener('pagehide', leave);
      void saveNow();
    };
  }, [saveNow]);

  const failures = useStaleWriteRecovery([
    {
      collection: 'Notes',
      id: storedNote.id,
      partition: storedNote.partition,
      tracker: trackers.note as unknown as DraftTracker<Resource>,
    },
    {
      collection: 'Encounters',
      id: storedEncounter.id,
      partition: storedEncounter.partition,
      tracker: trackers.encounter as unknown as DraftTracker<Resource>,
    },
  ]);

  const sync = useSyncState();
  const resolveConflict = useCallback(
    (choice: 'mine' | 'theirs') => {
      if (!conflict) return;
      const tracker = trackers[conflict.which];
      if (choice === 'theirs') {
        tracker.useTheirs();
      } else {
        tracker.keepMine();
        // The screen holds all of the user's text: the refused part-saves of it are not needed.
        for (const f of failures) if (f.status === 409 && f.id === tracker.value.id) void sync.dismissFailed(f.hash);
      }
      schedule();
    },
    [conflict, trackers, failures, sync, schedule],
  );

  return { note, encounter, updateNote, updateEncounter, saveNow, unsaved, failures, conflict, resolveConflict };
}
