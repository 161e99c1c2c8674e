import type { ScribeNoteFormats, TaskStatuses } from '../enums.ts';
import type { Reference, Resource } from '../resources/resource.ts';

export type ScribeFormat = (typeof ScribeNoteFormats)[number];
export type TaskStatus = (typeof TaskStatuses)[number];

/** Who a speaker label stands for: the structurer reads what the clinician did from their turns. */
export type SpeakerRole = 'Clinician' | 'Patient' | 'Other';

/** One passage of a transcript: what generated sentences cite as their evidence. */
export interface TranscriptSegment {
  /** Unique within the transcription (`s1`, `s2`, ...); a generated sentence cites these. */
  id: string;
  /** Seconds from the start of the recording, when the source had times. */
  start?: number;
  end?: number;
  /** The speaker label as the source gave it ("Clinician", "Dr. Reyes"); absent when it had none. */
  speaker?: string;
  text: string;
}

/** Where a transcription's segments came from. */
export type TranscriptSource = 'WebVTT' | 'SRT' | 'Text' | 'Provider';

/**
 * A Transcription resource (patient-partitioned): the speaker-labelled, timestamped segments of a
 * scribe session, and the Task status of the work that produced them. `status`, `progress`,
 * `source`, `provider` and `error` are the server's (docs/scribe.md).
 */
export interface Transcription extends Resource {
  resourceType: 'Transcription';
  patient?: Reference;
  encounter?: Reference;
  /** The recording transcribed, when it came from audio. */
  media?: Reference;
  /** The ScribeSession note it belongs to. */
  scribeSession?: Reference;
  status: TaskStatus;
  /** 0 to 100. */
  progress: number;
  source: TranscriptSource;
  /** The transcription provider that made it (`openai-compatible`), for Provider transcriptions. */
  provider?: string;
  /** Why a Failed transcription failed, in words a clinician can act on. */
  error?: string;
  segments: TranscriptSegment[];
  speakers?: { label: string; role: SpeakerRole }[];
}

/** What a participant of a session's dialogue is in it; RelatedPerson is someone the patient brought. */
export type DialogueRole = 'Clinician' | 'Patient' | 'RelatedPerson' | 'Other';

/** One person of a session's conversation, and the transcript's speaker label that is them. */
export interface DialogueParticipant {
  /** A Practitioner, Patient or RelatedPerson; absent for an `Other` speaker nobody identified. */
  individual?: Reference;
  role: DialogueRole;
  /** The transcript's label for this person ("Speaker 1", "Therapist"); absent when no turn carried one. */
  speakerLabel?: string;
}

/**
 * A Dialogue resource (patient-partitioned): the conversation of one scribe session, who took part
 * and which speaker label of its Transcription is which person. Written by the server only, from
 * the session and its Transcription's speaker assignments (docs/scribe.md, "Dialogue").
 */
export interface Dialogue extends Resource {
  resourceType: 'Dialogue';
  /** The Patient (the partition). */
  patient?: Reference;
  encounter: Reference;
  /** The ScribeSession note. */
  scribeSession: Reference;
  transcription: Reference;
  participants: DialogueParticipant[];
  /**
   * Where the conversation is in the recording, first turn to last, in seconds as the segments'
   * own times (not instants: a transcript's times are offsets into a recording whose clock start
   * is not known, so this is no `period`). Absent when the segments have no times.
   */
  span?: { fromSecond: number; toSecond: number };
}
