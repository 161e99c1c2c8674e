import type { Note } from '@caseload/core';
import { useState } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { useCan, useHasFlag } from '../../practice/index.ts';
import { useNoteActions, type NoteActions } from './useNoteActions.ts';

/** The signed note's dialog open, if any. */
export type SignedNoteDialog = 'amend' | 'error' | 'co-sign' | undefined;

export interface SignedNote {
  actions: NoteActions;
  dialog: SignedNoteDialog;
  setDialog: (dialog: SignedNoteDialog) => void;
  /** Co-signs, attesting the words whose hash is given, and closes the dialog. */
  coSign: Submit<[string]>;
  /** The author may amend it (Final or Amended). */
  canAmend: boolean;
  /** A co-signature of the signed-in practitioner is pending. */
  owesMe: boolean;
  canMarkError: boolean;
  /** An earlier version shown beside the amended note, if any. */
  previous: Note | undefined;
  viewVersion: (versionId: string) => Promise<void>;
  closeVersion: () => void;
}

/**
 * What may be done to a signed note by `me` (the signed-in practitioner's id), and doing it: amend,
 * mark entered in error, co-sign; and its earlier versions, read on request.
 */
export function useSignedNote(note: Note, me: string | undefined): SignedNote {
  const actions = useNoteActions(note.id, note.partition);
  const layer = useDataLayer();
  const [dialog, setDialog] = useState<SignedNoteDialog>();
  const [previous, setPrevious] = useState<Note>();
  const coSign = useSubmit(async (attestationHash: string) => {
    await actions.coSign(attestationHash);
    setDialog(undefined);
  });
  // Each step writes the note's next version: only for a profile that may change notes.
  const mayChange = useCan('Update', 'Note');
  const mayDelete = useCan('Delete', 'Note');
  const coSigns = useHasFlag('clinical', 'CoSignNote');
  const isAuthor = !!me && note.author?.id === me;
  const canAmend = mayChange && isAuthor && (note.status === 'Final' || note.status === 'Amended');
  const owesMe = mayChange && coSigns && !!note.pendingSignatures?.some((p) => p.signers.some((s) => s.id === me));
  const canMarkError = mayChange && (isAuthor || mayDelete) && note.status !== 'EnteredInError';
  const viewVersion = async (versionId: string) => setPrevious(await layer.readVersion<Note>('Notes', note.id, versionId));
  return {
    actions,
    dialog,
    setDialog,
    coSign,
    canAmend,
    owesMe,
    canMarkError,
    previous,
    viewVersion,
    closeVersion: () => setPrevious(undefined),
  };
}
