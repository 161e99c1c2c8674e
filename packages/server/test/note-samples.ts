import { PLACES_OF_SERVICE, authorAttestation, coSignerAttestation, type Reference } from '@caseload/core';

/**
 * What the sign call's signer attests when no signature configuration words it: `{ attestationHash }`
 * to spread into a sign body (docs/notes.md, "Attestation").
 */
export const ATTESTED = { attestationHash: authorAttestation(undefined).hash };

/** The same for the co-sign call: the default co-signer's wording. */
export const CO_SIGN_ATTESTED = { attestationHash: coSignerAttestation(undefined).hash };

/**
 * An office visit's place of service, for the encounters of notes a test signs: a practice requires
 * one by default (`requirePlaceOfService`), and signing refuses a note without it.
 */
export const OFFICE_PLACE_OF_SERVICE = { system: PLACES_OF_SERVICE.system, code: '11', display: 'Office' };

/**
 * The author of sample notes written by callers that are not practitioners (the test harness's
 * administrator is an associate account): a note must name one (docs/notes.md), and the server
 * fills it in only for a practitioner caller.
 */
export const SAMPLE_NOTE_AUTHOR: Reference = { resourceType: 'Practitioner', id: 'sample-note-author', display: 'Sample Author' };

/**
 * The smallest note the note write rules accept (packages/server/src/notes/note.hooks.ts), for
 * tests whose subject is not notes (access, paging, partitions, audit): an individual progress
 * note in `partition`'s chart, on an encounter, by an author. `extra` adds or overrides fields.
 *
 * The encounter is a reference only: the rules check its shape, and these tests never expand it.
 * Tests that expand or sign notes write a real encounter first (expansion.int.test.ts,
 * notes.int.test.ts).
 */
export function sampleNoteBody(partition: string, display: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    display,
    partition,
    kind: 'Note',
    encounter: { resourceType: 'Encounter', id: `encounter-of-${partition}` },
    author: SAMPLE_NOTE_AUTHOR,
    ...extra,
  };
}

/**
 * The smallest body of each notes configuration type its core schema accepts (NoteDefinition,
 * NoteTemplate, NoteSectionForm, NoteRule, SignatureConfiguration, PersonalSignature), for tests
 * that create every type (the permission matrix); undefined for other types. Rules and
 * configurations are Drafts, so they apply to no note.
 */
export function sampleNoteConfigBody(typeName: string, label = 'Sample'): Record<string, unknown> | undefined {
  const ref = (resourceType: string, id: string) => ({ resourceType, id });
  switch (typeName) {
    case 'NoteDefinition':
      return {
        name: `${label} definition`,
        kind: 'Individual',
        status: 'Draft',
        sections: [{ key: 'narrative', title: 'Narrative', kind: 'Narrative' }],
      };
    case 'NoteTemplate':
      return { name: `${label} template`, definition: ref('NoteDefinition', 'sample-definition'), sections: [] };
    case 'NoteSectionForm':
      return { name: `${label} section form`, form: ref('Form', 'sample-form') };
    case 'NoteRule':
      return { name: `${label} rule`, kind: 'ProgramSelected', status: 'Draft', severity: 'warn' };
    case 'SignatureConfiguration':
      return { name: `${label} signatures`, status: 'Draft', supervisorCoSignature: 'Never', patientSignature: 'None' };
    case 'PersonalSignature':
      return { signedName: label };
    default:
      return undefined;
  }
}
