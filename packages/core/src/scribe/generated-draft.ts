import type { ScribeFormatSection } from './scribe-formats.ts';
import type { SpeakerAssignment } from './speaker-roles.ts';
import type { ScribeFormat, TranscriptSegment } from './transcript-types.ts';

/** A sentence of a generated draft and the transcript segments it rests on. */
export interface GeneratedSentence {
  /** Unique within the draft (`g1`, `g2`, ...): the narrative's spans name it. */
  id: string;
  text: string;
  /** Segment ids of the transcription; empty when the generator gave none that exist. */
  evidence: string[];
  /** True when the clinician must check it: it has no evidence (or its generator said so). */
  needsReview: boolean;
}

export interface GeneratedSection {
  key: string;
  title: string;
  sentences: GeneratedSentence[];
}

/** What a generator is given: the transcript and the format's sections in the practice's order. */
export interface GenerationInput {
  format: ScribeFormat;
  sections: readonly ScribeFormatSection[];
  segments: readonly TranscriptSegment[];
  speakers?: readonly SpeakerAssignment[];
  /** The practice's extra instructions for this format (scribeFormatConfigurations). */
  instructions?: string;
}

/** Which generator wrote a draft: recorded on the note, so a signed note says how it was drafted. */
export interface GeneratorIdentity {
  /** `builtin` or `openai-chat`. */
  generator: string;
  /** Where it ran: `caseload` for the built-in, the endpoint's host for a remote one. */
  provider: string;
  model?: string;
  /** The version of the prompt (or of the built-in rules) the draft was made with. */
  promptVersion: string;
}

export interface GeneratedDraft extends GeneratorIdentity {
  sections: GeneratedSection[];
}

/**
 * A draft's evidence checked against the transcript: ids the transcript does not have are
 * dropped (a model may invent them), sentences left without evidence are marked for review,
 * blank sentences dropped, and sentence ids renumbered `g1`, `g2`, ... in order.
 */
export function settleEvidence(sections: readonly GeneratedSection[], segments: readonly TranscriptSegment[]): GeneratedSection[] {
  const known = new Set(segments.map((s) => s.id));
  let n = 0;
  return sections.map((section) => ({
    key: section.key,
    title: section.title,
    sentences: section.sentences
      .filter((s) => s.text.trim() !== '')
      .map((s) => {
        const evidence = [...new Set(s.evidence.filter((id) => known.has(id)))];
        n += 1;
        return { id: `g${n}`, text: s.text.trim(), evidence, needsReview: s.needsReview || evidence.length === 0 };
      }),
  }));
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A section's narrative HTML: one paragraph whose sentences are spans naming their sentence id
 * and evidence, so the editor can highlight a sentence's passages and keep the link while the
 * clinician edits around it.
 */
export function sectionNarrative(section: GeneratedSection): string {
  const spans = section.sentences.map((s) => {
    const review = s.needsReview ? ' data-review="true"' : '';
    return `<span data-sentence="${s.id}" data-evidence="${s.evidence.join(' ')}"${review}>${escapeHtml(s.text)}</span>`;
  });
  return `<p>${spans.join(' ')}</p>`;
}
