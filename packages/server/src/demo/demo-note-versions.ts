import {
  authorAttestation,
  coSignerAttestation,
  noteContentHash,
  type Note,
  type NoteSection,
  type NoteSignature,
  type Reference,
  type SignatureRequirements,
} from '@caseload/core';
import { noteInstant } from './demo-calendar.ts';
import { demoId } from './demo-ids.ts';

/**
 * The versions a generated note went through, each as the write path stores it: created from the
 * New note dialog (the definition's sections, a template's text), written (autosaved content),
 * signed by its author (notes/note-signing.service.ts: Complete, the Author signature over
 * `noteContentHash`, then Final, or Preliminary with the co-signature owed), co-signed, amended
 * (notes/note-amendment.service.ts: Amended, the amendment naming the version before, the
 * Amender's signature) or entered in error. Every version's meta names who wrote it and when, as
 * buildVersion does; the acting profile is a bare reference, as the server's principal is.
 */
export interface NoteLife {
  /** The note as first stored: its sections as the dialog prefilled them. */
  created: { at: Date; sections: NoteSection[]; completion: Note['completion'] };
  /** The content typed (absent: the note was never opened again). */
  written?: { at: Date; sections: NoteSection[] };
  signed?: { at: Date; requirements: SignatureRequirements };
  coSigned?: { at: Date; by: Reference };
  amended?: { at: Date; reason: string; sections: NoteSection[] };
  enteredInError?: { at: Date; reason: string };
}

/** What a note is about and who writes it: the same in every version. */
type Fields = Pick<
  Note,
  | 'resourceType'
  | 'partition'
  | 'subject'
  | 'kind'
  | 'composition'
  | 'definition'
  | 'template'
  | 'encounter'
  | 'encounterDate'
  | 'author'
  | 'title'
  | 'groupSession'
>;

const actorOf = (ref: Reference): Reference => ({ resourceType: ref.resourceType, id: ref.id });

/** The note's versions, oldest first (the last is the current one). */
export function noteVersions(seed: number, key: string, fields: Fields, life: NoteLife): Note[] {
  const id = demoId(seed, 'Note', key);
  const created = life.created.at.toISOString();
  const author = actorOf(fields.author);
  const versions: Note[] = [];
  const next = (body: Omit<Note, 'id' | 'meta' | 'created'>, at: Date, by: Reference) => {
    const version = {
      ...body,
      id,
      created,
      meta: { versionId: demoId(seed, 'Note-version', `${key}:${versions.length}`), lastModified: at.toISOString(), lastModifiedBy: by },
    } as Note;
    versions.push(version);
    return version;
  };

  let current = next(
    { ...fields, sections: life.created.sections, completion: life.created.completion, status: 'Preliminary' },
    life.created.at,
    author,
  );
  if (life.written)
    current = next({ ...strip(current), sections: life.written.sections, completion: 'InProgress' }, life.written.at, author);
  if (!life.signed) return versions;

  const signedAt = noteInstant(life.signed.at);
  const { requirements } = life.signed;
  // What signing hashes: the content (completion is not part of it).
  const hash = noteContentHash(current);
  const configuration = requirements.configuration;
  // The words each signer attested, as the sign and co-sign calls record them.
  const signature: NoteSignature = {
    role: 'Author',
    signer: author,
    signedAt,
    contentHash: hash,
    attestation: authorAttestation(configuration),
  };
  current = next(
    {
      ...strip(current),
      completion: 'Complete',
      signatures: [signature],
      ...(configuration && {
        signatureConfiguration: { resourceType: 'SignatureConfiguration', id: configuration.id, display: configuration.name },
      }),
      ...(requirements.coSign
        ? {
            status: 'Preliminary',
            pendingSignatures: [
              {
                role: 'CoSigner',
                signers: requirements.coSign.signers,
                reason: requirements.coSign.reason,
                attestation: coSignerAttestation(configuration),
              },
            ],
          }
        : { status: 'Final', signedAt }),
    },
    life.signed.at,
    author,
  );

  if (life.coSigned) {
    const at = noteInstant(life.coSigned.at);
    const supervisor = actorOf(life.coSigned.by);
    const { pendingSignatures: owed, ...rest } = strip(current);
    current = next(
      {
        ...rest,
        status: 'Final',
        signedAt: at,
        // Co-signing changes no content: the same hash the author signed.
        signatures: [
          ...(current.signatures ?? []),
          {
            role: 'CoSigner',
            signer: supervisor,
            signedAt: at,
            contentHash: hash,
            attestation: (owed as Note['pendingSignatures'])?.[0]?.attestation,
          },
        ],
      },
      life.coSigned.at,
      supervisor,
    );
  }
  if (life.amended && current.status === 'Final') {
    const at = noteInstant(life.amended.at);
    const amended = { ...current, sections: life.amended.sections };
    current = next(
      {
        ...strip(current),
        sections: life.amended.sections,
        status: 'Amended',
        amendments: [{ reason: life.amended.reason, author, at, previousVersionId: current.meta.versionId, changedFields: ['sections'] }],
        signatures: [
          ...(current.signatures ?? []),
          { role: 'Amender', signer: author, signedAt: at, contentHash: noteContentHash(amended) },
        ],
      },
      life.amended.at,
      author,
    );
  }
  if (life.enteredInError) {
    const { pendingSignatures: _owed, ...rest } = strip(current);
    current = next(
      {
        ...rest,
        status: 'EnteredInError',
        enteredInError: { reason: life.enteredInError.reason, by: author, at: noteInstant(life.enteredInError.at) },
      },
      life.enteredInError.at,
      author,
    );
  }
  return versions;
}

/** A version's fields without what the server sets on each version. */
function strip(note: Note): Omit<Note, 'id' | 'meta' | 'created'> {
  const { id: _id, meta: _meta, created: _created, ...fields } = note;
  return fields;
}
