import type { Reference } from '../resources/resource.ts';
import type { ScribeFormat } from './transcript-types.ts';

/** What a ScribeSession note links: its format, appointment, recordings, transcription and generated note. */
export interface ScribeSessionLinks {
  format: ScribeFormat;
  appointment?: Reference;
  recordings?: Reference[];
  transcription?: Reference;
  dialogue?: Reference;
  generatedNote?: Reference;
  /** The session was created while the practice allowed dictation only. */
  dictationOnly?: boolean;
}

/** A generated sentence's evidence, by its id in the narrative's spans. */
export interface SentenceEvidence {
  id: string;
  section: string;
  evidence: string[];
  needsReview: boolean;
}

/** How a generated note was drafted: recorded on it, kept through signing. */
export interface NoteGeneration {
  scribeSession: Reference;
  transcription: Reference;
  format: ScribeFormat;
  generator: string;
  provider: string;
  model?: string;
  promptVersion: string;
  generatedAt: string;
  sentences: SentenceEvidence[];
}
