import type { Encounter, Note } from '@caseload/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUpsert } from '../../../data/index.ts';

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
}

/**
 * The editor's working copy of a note and its encounter. The copy on screen is the truth while
 * editing: every change shows at once and is stored through the write queue (useUpsert) after a
 * short pause, so it survives going offline and a reload; leaving the page or hiding the tab
 * stores it at once, so typed text is never lost. Later copies from the server do not overwrite
 * what is being typed (the queue merges them, SPEC.md section 4).
 */
export function useNoteAutosave(initialNote: Note, initialEncounter: Encounter): NoteAutosave {
  const upsertNote = useUpsert<Note>('Notes');
  const upsertEncounter = useUpsert<Encounter>('Encounters');
  const [note, setNote] = useState(initialNote);
  const [encounter, setEncounter] = useState(initialEncounter);
  const latest = useRef({ note, encounter });
  latest.current = { note, encounter };
  const dirty = useRef({ note: false, encounter: false });
  const [unsaved, setUnsaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const saveNow = useCallback(async () => {
    clearTimeout(timer.current);
    const { note: n, encounter: e } = latest.current;
    const which = dirty.current;
    dirty.current = { note: false, encounter: false };
    // The encounter first: a new note's encounter must exist on the server before the note names it.
    if (which.encounter) await upsertEncounter(e);
    if (which.note) await upsertNote(n);
    if (!dirty.current.note && !dirty.current.encounter) setUnsaved(false);
  }, [upsertNote, upsertEncounter]);

  const schedule = useCallback(() => {
    setUnsaved(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), NOTE_AUTOSAVE_MS);
  }, [saveNow]);

  const updateNote = useCallback((change: (n: Note) => Note) => {
    const next = change(latest.current.note);
    latest.current = { ...latest.current, note: next };
    dirty.current.note = true;
    setNote(next);
    schedule();
  }, [schedule]);

  const updateEncounter = useCallback((change: (e: Encounter) => Encounter) => {
    const next = change(latest.current.encounter);
    latest.current = { ...latest.current, encounter: next };
    dirty.current.encounter = true;
    setEncounter(next);
    // The list sorts by the note's session start: keep it in step with the encounter's.
    if (next.sessionTime?.start !== latest.current.note.encounterDate) {
      const n = { ...latest.current.note, encounterDate: next.sessionTime?.start };
      latest.current = { ...latest.current, note: n };
      dirty.current.note = true;
      setNote(n);
    }
    schedule();
  }, [schedule]);

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

  return { note, encounter, updateNote, updateEncounter, saveNow, unsaved };
}
