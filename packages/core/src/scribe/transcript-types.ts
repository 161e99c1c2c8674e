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
