import { array, boolean, number, object, string } from 'yup';
import { ScribeNoteFormats, TaskStatuses } from '../enums.ts';
import { referenceSchema, resourceShape } from '../people/common-schemas.ts';
import { instant, oneOfValues, referenceList } from '../notes/note-schema-parts.ts';

const SEGMENT_ID = /^s[1-9]\d{0,5}$/;
const segmentId = () => string().strict(true).matches(SEGMENT_ID);

/** A segment of a transcription. */
const segmentSchema = object({
  id: segmentId().required(),
  start: number().strict(true).min(0),
  end: number().strict(true).min(0),
  speaker: string().strict(true).max(100),
  text: string().strict(true).required().max(20000),
}).noUnknown();

/** A Transcription as stored (docs/scribe.md): the server fills status, progress and source. */
export const transcriptionSchema = object({
  ...resourceShape,
  patient: referenceSchema('Patient'),
  encounter: referenceSchema('Encounter'),
  media: referenceSchema('Media'),
  scribeSession: referenceSchema('Note'),
  status: oneOfValues(TaskStatuses).required(),
  progress: number().strict(true).integer().min(0).max(100).required(),
  source: oneOfValues(['WebVTT', 'SRT', 'Text', 'Provider']).required(),
  provider: string().strict(true).max(200),
  error: string().strict(true).max(2000),
  segments: array(segmentSchema.required())
    .required()
    .test('unique-ids', 'segments must have unique ids', (list) => !list || new Set(list.map((s) => s.id)).size === list.length),
  speakers: array(
    object({
      label: string().strict(true).required().max(100),
      role: oneOfValues(['Clinician', 'Patient', 'Other']).required(),
    }).noUnknown(),
  ),
});

/** One participant of a Dialogue: a person, their part, the transcript's label for them. */
const dialogueParticipantSchema = object({
  individual: referenceSchema('Practitioner', 'Patient', 'RelatedPerson'),
  role: oneOfValues(['Clinician', 'Patient', 'RelatedPerson', 'Other']).required(),
  speakerLabel: string().strict(true).max(100),
}).noUnknown();

/** A Dialogue as stored (docs/scribe.md, "Dialogue"): every field the server's. */
export const dialogueSchema = object({
  ...resourceShape,
  patient: referenceSchema('Patient'),
  encounter: referenceSchema('Encounter').required(),
  scribeSession: referenceSchema('Note').required(),
  transcription: referenceSchema('Transcription').required(),
  participants: array(dialogueParticipantSchema.required()).required(),
  span: object({ fromSecond: number().strict(true).min(0).required(), toSecond: number().strict(true).min(0).required() })
    .noUnknown()
    .default(undefined),
});

/** What a ScribeSession note links (server-owned, written by the scribe calls). */
export const scribeSessionSchema = object({
  format: oneOfValues(ScribeNoteFormats).required(),
  appointment: referenceSchema('Appointment'),
  recordings: referenceList('Media'),
  transcription: referenceSchema('Transcription'),
  dialogue: referenceSchema('Dialogue'),
  generatedNote: referenceSchema('Note'),
  dictationOnly: boolean().strict(true),
})
  .noUnknown()
  .default(undefined);

/** How a generated note was drafted (server-owned): recorded with it, and kept when it is signed. */
export const noteGenerationSchema = object({
  scribeSession: referenceSchema('Note').required(),
  transcription: referenceSchema('Transcription').required(),
  format: oneOfValues(ScribeNoteFormats).required(),
  generator: string().strict(true).required().max(100),
  provider: string().strict(true).required().max(200),
  model: string().strict(true).max(200),
  promptVersion: string().strict(true).required().max(100),
  generatedAt: instant().required(),
  sentences: array(
    object({
      id: string().strict(true).required().max(20),
      section: string().strict(true).required().max(100),
      evidence: array(segmentId().required()).required(),
      needsReview: boolean().strict(true).required(),
    }).noUnknown(),
  ).required(),
})
  .noUnknown()
  .default(undefined);
