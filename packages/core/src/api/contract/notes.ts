import { Type, type Static } from 'typebox';
import type { Encounter, Note, NoteSection } from '../../notes/types.ts';
import type { AuthorizationBalance } from '../../notes/authorization-usage.ts';
import { NOTE_MESSAGES } from '../../notes/note-lifecycle.ts';
import type { RuleResult } from '../../notes/rule-types.ts';
import type { UnsignedNoteStatus } from '../../notes/unsigned-warning.ts';
import type { Reference } from '../../resources/resource.ts';
import { ReferenceSchema, resourceSchema, withMessage } from './contract-kit.ts';
import { PageSizeSchema } from './resources.ts';

const NoteSchema = resourceSchema<Note>('Note');
const EncounterSchema = resourceSchema<Encounter>('Encounter');

const VersionIdSchema = Type.String({ minLength: 1, description: 'The version the call was made on; a stale one is a 409.' });

/** A note section as a client writes it (docs/notes.md, "Sections"); the Note rules check its members. */
const SectionSchema = Type.Unsafe<NoteSection>(
  Type.Object({}, { additionalProperties: true, description: 'A note section (docs/notes.md).' }),
);
const SectionsSchema = Type.Array(SectionSchema);

const PatientReferenceSchema = Type.Unsafe<Reference & { resourceType: 'Patient' }>(ReferenceSchema);

/** The warning a note was signed with, from the practice's note rules. */
const RuleResultSchema = Type.Unsafe<RuleResult>(
  Type.Object(
    {
      rule: Type.Object({ id: Type.String(), kind: Type.String(), display: Type.Optional(Type.String()) }, { additionalProperties: false }),
      severity: Type.String(),
      message: Type.String(),
      field: Type.String({ description: "Dotted path of the field to fix, from the note's point of view." }),
    },
    { title: 'RuleResult', additionalProperties: false },
  ),
);

/** `POST Notes/{id}/sign`: the version signed, the hash of the attestation shown, a patient signature if owed. */
export const SignBodySchema = Type.Object(
  {
    versionId: VersionIdSchema,
    attestationHash: Type.String({ description: 'The sha-256 of the attestation the signer was shown.' }),
    patientSignature: Type.Optional(
      Type.Object(
        {
          signer: withMessage(ReferenceSchema, NOTE_MESSAGES.patientSignatureRequired),
          image: withMessage(ReferenceSchema, NOTE_MESSAGES.patientSignatureRequired),
        },
        { description: "The patient's or a related person's signature, when the note's signature configuration asks for it." },
      ),
    ),
  },
  { additionalProperties: false },
);
export type SignBody = Static<typeof SignBodySchema>;
/** A patient's or related person's signature given at signing. */
export type PatientSignatureBody = NonNullable<SignBody['patientSignature']>;

/** `POST Notes/{id}/co-sign`. */
export const CoSignBodySchema = Type.Object(
  { versionId: VersionIdSchema, attestationHash: Type.String({ description: "The sha-256 of the co-signer's attestation shown." }) },
  { additionalProperties: false },
);
export type CoSignBody = Static<typeof CoSignBodySchema>;

/** The answer of signing and co-signing: the note as it now is, and the warnings it was signed with. */
export const SignAnswerSchema = Type.Object(
  { note: NoteSchema, warnings: Type.Array(RuleResultSchema) },
  { title: 'SignAnswer', additionalProperties: false },
);
export type SignAnswer = Static<typeof SignAnswerSchema>;

const ReasonSchema = withMessage(Type.String({ maxLength: 2000 }), NOTE_MESSAGES.reasonRequired);

/** `POST Notes/{id}/amend`: `changes` may set the title, sections and completion. */
export const AmendBodySchema = Type.Object(
  {
    versionId: VersionIdSchema,
    reason: ReasonSchema,
    changes: withMessage(
      Type.Unsafe<Partial<Pick<Note, 'title' | 'sections' | 'completion'>>>(
        Type.Object(
          {},
          { additionalProperties: true, description: 'New values of title, sections and/or completion; nothing else can be amended.' },
        ),
      ),
      NOTE_MESSAGES.noChanges,
    ),
  },
  { additionalProperties: false },
);
export type AmendBody = Static<typeof AmendBodySchema>;

/** `POST Notes/{id}/entered-in-error`. */
export const EnteredInErrorBodySchema = Type.Object({ versionId: VersionIdSchema, reason: ReasonSchema }, { additionalProperties: false });
export type EnteredInErrorBody = Static<typeof EnteredInErrorBodySchema>;

/** One attendee of a group session as the call takes it. */
export const GroupAttendeeInputSchema = Type.Object({
  patient: PatientReferenceSchema,
  present: Type.Boolean(),
  sections: Type.Optional(SectionsSchema),
  serviceType: Type.Optional(ReferenceSchema),
});
export type GroupAttendeeInput = Static<typeof GroupAttendeeInputSchema>;

/** `POST Notes/group-sessions`. */
export const GroupSessionBodySchema = Type.Object(
  {
    encounter: Type.Optional(
      Type.Unsafe<Partial<Encounter>>(
        Type.Object(
          {},
          { additionalProperties: true, description: "The group's Encounter: period, service type, location, staff participants." },
        ),
      ),
    ),
    sharedSections: Type.Optional(SectionsSchema),
    // How many is the service's to say (1 to 100), in its own words.
    attendees: Type.Array(GroupAttendeeInputSchema, { description: 'At least 1 and at most 100 attendees, each patient once.' }),
    definition: Type.Optional(ReferenceSchema),
    kind: Type.Optional(Type.String({ description: 'GroupNote unless given.' })),
    title: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type GroupSessionBody = Static<typeof GroupSessionBodySchema>;

/** The answer of creating a group session: each attendee's encounter and note. */
export const GroupSessionAnswerSchema = Type.Object(
  {
    groupSessionId: Type.String(),
    attendees: Type.Array(
      Type.Object(
        { patient: ReferenceSchema, present: Type.Boolean(), encounter: EncounterSchema, note: NoteSchema },
        { additionalProperties: false },
      ),
    ),
  },
  { title: 'GroupSessionAnswer', additionalProperties: false },
);
export type GroupSessionAnswer = Static<typeof GroupSessionAnswerSchema>;

/** `PUT Notes/group-sessions/{id}/shared-sections`. */
export const SharedSectionsBodySchema = Type.Object({ sections: SectionsSchema }, { additionalProperties: false });

/** Every unsigned note of the session rewritten; signed ones keep what they were signed with. */
export const SharedSectionsAnswerSchema = Type.Object(
  {
    updated: Type.Array(NoteSchema),
    skipped: Type.Array(Type.Object({ id: Type.String(), reason: Type.String() }, { additionalProperties: false })),
  },
  { title: 'SharedSectionsAnswer', additionalProperties: false },
);
export type SharedSectionsAnswer = Static<typeof SharedSectionsAnswerSchema>;

/** Where an unsigned note stands against the signing deadline. */
const UnsignedNoteStatusSchema = Type.Unsafe<UnsignedNoteStatus>(
  Type.Object(
    {
      overdue: Type.Boolean(),
      elapsedMs: Type.Number(),
      elapsedText: Type.String(),
      warnAt: Type.String({ format: 'date-time' }),
    },
    { title: 'UnsignedNoteStatus', additionalProperties: false },
  ),
);

/** One of "my unsigned notes": the note and where it stands against the signing deadline. */
export const UnsignedNoteItemSchema = Type.Object(
  { note: NoteSchema, unsigned: UnsignedNoteStatusSchema },
  { additionalProperties: false },
);
export type UnsignedNoteItem = Static<typeof UnsignedNoteItemSchema>;

const CONTINUATION = { description: 'Present when there is a next page: send it as x-continuation-token.' };

/** `GET Notes/unsigned`. */
export const UnsignedNotesPageSchema = Type.Object(
  { items: Type.Array(UnsignedNoteItemSchema), continuationToken: Type.Optional(Type.String(CONTINUATION)) },
  { title: 'UnsignedNotesPage', additionalProperties: false },
);
/** `GET Notes/co-sign-queue`. */
export const CoSignQueuePageSchema = Type.Object(
  { items: Type.Array(NoteSchema), continuationToken: Type.Optional(Type.String(CONTINUATION)) },
  { title: 'CoSignQueuePage', additionalProperties: false },
);

/** A page of a note list (docs/api.md, "Note calls"). */
export interface NoteQueuePage<T> {
  items: T[];
  continuationToken?: string;
}

/** `?pageSize=` of the note lists. */
export const NotePageQuerySchema = Type.Object({ pageSize: Type.Optional(PageSizeSchema) });

/** `GET Notes/_authorization-usage`: `note` and `encounter` are this note's, never counted against itself. */
export const AuthorizationUsageQuerySchema = Type.Object({
  patient: Type.String({ minLength: 1 }),
  note: Type.Optional(Type.String()),
  encounter: Type.Optional(Type.String()),
});

/** The patient's authorisations with what their other signed notes used (the Authorization rule's data). */
export const AuthorizationUsageAnswerSchema = Type.Object(
  {
    authorizations: Type.Array(
      Type.Unsafe<AuthorizationBalance>(
        Type.Object(
          {},
          { additionalProperties: true, description: "An authorisation of the patient's Coverage with `usedUnits` and `usedVisits`." },
        ),
      ),
    ),
    unitMinutes: Type.Record(Type.String(), Type.Number(), { description: 'Minutes per billing unit of the services counted, by id.' }),
  },
  { title: 'AuthorizationUsageAnswer', additionalProperties: false },
);
export type AuthorizationUsageAnswer = Static<typeof AuthorizationUsageAnswerSchema>;
