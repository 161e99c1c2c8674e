import { Type, type Static } from 'typebox';
import { ScribeNoteFormats } from '../../enums.ts';
import type { Note } from '../../notes/types.ts';
import type { Transcription } from '../../scribe/transcript-types.ts';
import type { Resource } from '../../resources/resource.ts';
import { IdSchema, ReferenceSchema, resourceSchema } from './contract-kit.ts';

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

export const ScribeFormatSchema = literals(ScribeNoteFormats, 'A scribe note format (SPEC.md section 9); unknown formats are a 400.');

/** `POST Notes/scribe-sessions`: start a scribe session on an encounter, or on a new one for an appointment. */
export const ScribeSessionBodySchema = Type.Object(
  {
    partition: IdSchema,
    encounter: Type.Optional(ReferenceSchema),
    appointment: Type.Optional(ReferenceSchema),
    format: Type.Optional(ScribeFormatSchema),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    author: Type.Optional(ReferenceSchema),
  },
  { additionalProperties: false },
);
export type ScribeSessionBody = Static<typeof ScribeSessionBodySchema>;

const SpeakerSchema = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 100 }),
    role: literals(['Clinician', 'Patient', 'Other'] as const, 'Who the label stands for.'),
  },
  { additionalProperties: false },
);

/** `POST Notes/{id}/scribe/transcript`: a WebVTT, SRT or speaker-labelled text transcript. */
export const TranscriptImportBodySchema = Type.Object(
  {
    format: literals(['vtt', 'srt', 'text'] as const, 'vtt (WebVTT), srt (SubRip) or text ("Speaker: words" lines).'),
    text: Type.String({ minLength: 1, maxLength: 5_000_000 }),
    speakers: Type.Optional(Type.Array(SpeakerSchema, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type TranscriptImportBody = Static<typeof TranscriptImportBodySchema>;

/** `POST Notes/{id}/scribe/recordings`: a Media for the session's audio (sent after through the content calls). */
export const RecordingBodySchema = Type.Object(
  {
    purpose: literals(
      ['session', 'dictation'] as const,
      "session: the conversation (needs the patient's consent); dictation: the clinician's own.",
    ),
  },
  { additionalProperties: false },
);
export type RecordingBody = Static<typeof RecordingBodySchema>;

/** `POST Notes/{id}/scribe/transcribe`: which recording (the newest when absent). */
export const TranscribeBodySchema = Type.Object({ media: Type.Optional(IdSchema) }, { additionalProperties: false });
export type TranscribeBody = Static<typeof TranscribeBodySchema>;

/** `POST Notes/{id}/scribe/generate`: the format (the session's when absent) and the generator. */
export const GenerateBodySchema = Type.Object(
  {
    format: Type.Optional(ScribeFormatSchema),
    generator: Type.Optional(
      literals(
        ['builtin', 'openai-chat'] as const,
        "builtin (no network) or openai-chat; the practice's choice when absent (builtin unless it chose openai-chat).",
      ),
    ),
  },
  { additionalProperties: false },
);
export type GenerateBody = Static<typeof GenerateBodySchema>;

const NoteSchema = resourceSchema<Note>('Note');
const TranscriptionSchema = resourceSchema<Transcription>('Transcription');

export const TranscriptImportAnswerSchema = Type.Object(
  { session: NoteSchema, transcription: TranscriptionSchema },
  { title: 'TranscriptImport', additionalProperties: false },
);
export const DraftAnswerSchema = Type.Object(
  { note: NoteSchema, session: NoteSchema },
  { title: 'ScribeDraft', additionalProperties: false },
);
export const ScribeNoteSchema = NoteSchema;
export const ScribeTranscriptionSchema = TranscriptionSchema;
export const ScribeMediaSchema = resourceSchema<Resource>('Media');
