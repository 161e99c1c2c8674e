import { NoteKinds, type Intent, type NoteKind } from '../enums.ts';
import type { Note, NoteDefinitionKind, NoteStatus } from './types.ts';

/**
 * The words every screen uses for a note's kind and status. The enumerations are type names
 * ("MultiServiceNote", "Preliminary"); people read these instead, the same in a list, on the
 * note, in a queue and in a picker.
 */

/** A note kind in words, as a sentence starts it ("Progress note" for a plain Note). */
export const NOTE_KIND_LABELS: Readonly<Record<NoteKind, string>> = {
  Note: 'Progress note',
  DocumentationNote: 'Documentation note',
  AssessmentNote: 'Assessment note',
  ScribeSession: 'Scribe session',
  GroupNote: 'Group note',
  MultiServiceNote: 'Multi-service note',
};

/** A note kind in words; an unknown kind (a newer server) as itself rather than blank. */
export const noteKindLabel = (kind: string): string => NOTE_KIND_LABELS[kind as NoteKind] ?? kind;

/** Picker choices for note kinds, in the enumeration's order, each labelled in words. */
export const noteKindOptions = (kinds: readonly NoteKind[] = NoteKinds): { value: NoteKind; label: string }[] =>
  kinds.map((value) => ({ value, label: NOTE_KIND_LABELS[value] }));

/** A note definition's kind in words. */
export const NOTE_DEFINITION_KIND_LABELS: Readonly<Record<NoteDefinitionKind, string>> = {
  Individual: 'Individual',
  Group: 'Group',
  MultiService: 'Multi-service',
};

/**
 * The status a person sees: the signing status, except that a note its author signed which still
 * waits for a co-signature is told apart from one nobody signed (both are Preliminary).
 */
export type NoteDisplayStatus = NoteStatus | 'AwaitingCoSignature';

export function noteDisplayStatus(note: Pick<Note, 'status' | 'pendingSignatures'>): NoteDisplayStatus {
  return note.status === 'Preliminary' && note.pendingSignatures?.length ? 'AwaitingCoSignature' : (note.status ?? 'Preliminary');
}

/**
 * Each display status in words, in the life-cycle's order. "Unsigned" rather than SPEC.md's
 * "Preliminary": what the author has still to do is what the word should say.
 */
export const NOTE_STATUS_LABELS: Readonly<Record<NoteDisplayStatus, string>> = {
  Preliminary: 'Unsigned',
  AwaitingCoSignature: 'Awaiting co-signature',
  Final: 'Signed',
  Amended: 'Amended',
  EnteredInError: 'Entered in error',
};

/** The design system's intent of each display status (a chip's colour). */
export const NOTE_STATUS_INTENTS: Readonly<Record<NoteDisplayStatus, Intent>> = {
  Preliminary: 'none',
  AwaitingCoSignature: 'warning',
  Final: 'success',
  Amended: 'assist',
  EnteredInError: 'danger',
};

/** Picker choices for the display statuses, in the life-cycle's order. */
export const NOTE_STATUS_OPTIONS: readonly { value: NoteDisplayStatus; label: string }[] = (
  Object.keys(NOTE_STATUS_LABELS) as NoteDisplayStatus[]
).map((value) => ({ value, label: NOTE_STATUS_LABELS[value] }));
