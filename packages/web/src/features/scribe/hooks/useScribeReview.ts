import type { Note } from '@caseload/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useResource, useUpsert } from '../../../data/index.ts';
import { useCan } from '../../practice/index.ts';
import { applySentenceAction, reviewProgress, reviewSections, type ReviewSection, type SentenceAction } from '../utils/review-sentences.ts';
import { useScribeSession, type ScribeSessionState } from './useScribeSession.ts';

export interface ScribeReview extends ScribeSessionState {
  note: Note | undefined;
  noteLoading: boolean;
  sections: ReviewSection[];
  progress: ReturnType<typeof reviewProgress>;
  /** The sentence hovered or focused: its evidence is highlighted in the transcript pane. */
  focused: string | undefined;
  setFocused: (id: string | undefined) => void;
  /** Accepts, edits or deletes a sentence: the note's narrative rewritten, saved through the write queue. */
  act: (sentenceId: string, action: SentenceAction) => Promise<void>;
  mayEdit: boolean;
}

/**
 * The review of a session's generated note: its sections' sentences (from the narrative's evidence
 * spans), which one is focused, and the clinician's accept / edit / delete, each a change of the
 * note's narrative saved like any note edit (offline-safe, through the write queue).
 */
export function useScribeReview(sessionId: string): ScribeReview {
  const scribe = useScribeSession(sessionId);
  const generated = scribe.session?.scribe?.generatedNote;
  const noteState = useResource<Note>('Notes', generated?.id, { partition: scribe.session?.partition });
  const note = noteState.item;
  const upsert = useUpsert<Note>('Notes');
  const mayEdit = useCan('Update', 'Note') && note?.status === 'Preliminary';
  const [focused, setFocused] = useState<string>();
  const sections = useMemo(() => (note ? reviewSections(note) : []), [note]);

  // Actions run one after another, each on the note as the one before left it: a delete pressed
  // right after an edit must not write back the text from before the edit.
  const latest = useRef(note);
  const pending = useRef(0);
  // Server versions already acted on: a read of one of them answered late (or the data layer not yet
  // showing the last action) is older than `latest` and must not turn it back (as the note editor's DraftTracker).
  const seen = useRef(new Set<string>());
  // Between actions a new server version (another screen's edits included) is the one to act on.
  if (note && pending.current === 0) {
    const version = note.meta?.versionId;
    if (!latest.current || !version || !seen.current.has(version)) {
      if (version) seen.current.add(version);
      latest.current = note;
    }
  }
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const act = useCallback(
    (sentenceId: string, action: SentenceAction) => {
      pending.current += 1;
      const run = async () => {
        const current = latest.current;
        if (!current) return;
        const changed = (current.sections ?? []).map((s) =>
          s.kind === 'Narrative' && s.narrative?.includes(`data-sentence="${sentenceId}"`)
            ? { ...s, narrative: applySentenceAction(s.narrative, sentenceId, action) }
            : s,
        );
        latest.current = await upsert({ ...current, sections: changed });
      };
      const next = queue.current.then(run, run).finally(() => (pending.current -= 1));
      queue.current = next.catch(() => undefined);
      return next;
    },
    [upsert],
  );

  return {
    ...scribe,
    note,
    noteLoading: Boolean(generated) && noteState.loading && !note,
    sections,
    progress: reviewProgress(sections),
    focused,
    setFocused,
    act,
    mayEdit,
  };
}
