import { sha256Hex } from '../questionnaires/sha256.ts';
import { canonicalJson } from '../questionnaires/signatures.ts';
import type { Note } from './types.ts';

/**
 * The life cycle of a note (docs/notes.md): Preliminary while written; signing by the author
 * freezes it (Final, or Preliminary with a pending co-signature); an amendment makes an Amended
 * version; EnteredInError ends it. Only the server's sign, co-sign, amend and entered-in-error
 * calls move a note along; a client's write may change content of an unsigned note only.
 */

/** Fields only those calls write; a client's create or update may not set or change them. */
export const NOTE_SERVER_FIELDS = [
  'status',
  'signatures',
  'pendingSignatures',
  'amendments',
  'enteredInError',
  'signedAt',
  'scribe',
  'generation',
] as const;

/** Fields an amendment may change (the note's content, not its identity or signatures). */
export const NOTE_AMENDABLE_FIELDS = ['title', 'sections', 'completion'] as const;

/** The messages of refused note writes and calls. */
export const NOTE_MESSAGES = {
  frozenFinal: 'This note is signed and can no longer be changed. Amend it to correct it.',
  frozenAmended: 'This note is signed (amended) and can no longer be changed. Amend it again to correct it.',
  frozenAwaitingCoSign: 'This note is signed by its author and awaits a co-signature; it can no longer be changed.',
  frozenEnteredInError: 'This note was marked entered in error and can no longer be changed.',
  serverField: (field: string) =>
    field === 'scribe' || field === 'generation'
      ? `${field} is written by the scribe calls and cannot be set or changed.`
      : `${field} is set by signing and cannot be written directly.`,
  alreadySigned: 'This note is already signed.',
  notAuthor: 'Only the author of a note can sign it.',
  notIncomplete: 'Complete the note before signing it (completion must be Complete).',
  noCoSignOwed: 'This note does not await a co-signature.',
  notSupervisor: "Only a supervisor of the note's author can co-sign it.",
  noSupervisor: (author: string) => `${author} has no supervisor on record to co-sign this note; add one to sign it.`,
  patientSignatureRequired: "This note needs the patient's signature: give patientSignature with the signed image.",
  relatedPersonNotAllowed: "This note needs the patient's own signature, not a related person's.",
  notSigned: 'Only a signed note can be amended; edit it instead.',
  reasonRequired: 'reason is required.',
  noChanges: 'changes must change at least one of title, sections, completion.',
  unknownChange: (field: string) => `${field} cannot be amended; amend title, sections or completion.`,
  printoutDisabled: 'Note printouts are turned off for this practice.',
  groupNoteFacilitatorOnly: 'Only the facilitator may edit the notes of a group session (allowGroupNoteAdminEdit is off).',
  groupSessionLink: 'groupSession is set by the group-session call and cannot be written directly.',
  patientSignatureImage: "patientSignature.image must be a Media stored in this patient's chart.",
  attestationChanged: 'The attestation has changed since it was shown: read it again before signing.',
} as const;

/** The message a write to a frozen note is refused with, or undefined when it is writable. */
export function frozenMessage(note: Pick<Note, 'status' | 'signatures'>): string | undefined {
  switch (note.status) {
    case 'Final':
      return NOTE_MESSAGES.frozenFinal;
    case 'Amended':
      return NOTE_MESSAGES.frozenAmended;
    case 'EnteredInError':
      return NOTE_MESSAGES.frozenEnteredInError;
    default:
      return (note.signatures ?? []).some((s) => s.role === 'Author') ? NOTE_MESSAGES.frozenAwaitingCoSign : undefined;
  }
}

/** True once the author has signed (whatever else is owed). */
export const isSignedByAuthor = (note: Pick<Note, 'signatures'>) => (note.signatures ?? []).some((s) => s.role === 'Author');

/**
 * Hex sha-256 of what a signature attests: the note's content and what it documents, as
 * canonical JSON (keys sorted), so browser and server compute the same value.
 */
export function noteContentHash(
  note: Pick<Note, 'subject' | 'encounter' | 'kind' | 'composition' | 'sections'> & { title?: string },
): string {
  return sha256Hex(
    canonicalJson({
      subject: note.subject?.id,
      encounter: note.encounter?.id,
      kind: note.kind,
      composition: note.composition,
      title: note.title ?? null,
      sections: note.sections ?? [],
    }),
  );
}
