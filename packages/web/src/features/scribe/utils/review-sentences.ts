import type { Note, NoteGeneration, TranscriptSegment } from '@caseload/core';

/** What the clinician decided about a generated sentence; `open` until they decide. */
export type SentenceState = 'open' | 'accepted' | 'edited';

/** One sentence of a generated note as the review shows it: read from its section's narrative spans. */
export interface ReviewSentence {
  id: string;
  /** The note section it is in. */
  section: string;
  text: string;
  /** Transcript segment ids it rests on. */
  evidence: string[];
  /** No evidence (or its generator said so): the clinician must check it. */
  needsReview: boolean;
  state: SentenceState;
}

export interface ReviewSection {
  key: string;
  title: string;
  sentences: ReviewSentence[];
}

const SPAN = /<span\b([^>]*\bdata-sentence="[^"]*"[^>]*)>([\s\S]*?)<\/span>/g;
const attribute = (attrs: string, name: string): string | undefined => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

const decode = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The sentences of a narrative, from its `<span data-sentence data-evidence>` spans (docs/scribe.md):
 * the spans are what survives the clinician's edits, so they, not `generation.sentences`, say what
 * the note holds now. Evidence is the span's; `generation` fills it in only for a span that lost
 * its attribute.
 */
export function sentencesOfNarrative(html: string, section: string, generation?: NoteGeneration): ReviewSentence[] {
  const recorded = new Map((generation?.sentences ?? []).map((s) => [s.id, s]));
  const found: ReviewSentence[] = [];
  for (const match of html.matchAll(SPAN)) {
    const attrs = match[1]!;
    const id = attribute(attrs, 'data-sentence')!;
    const spanEvidence = attribute(attrs, 'data-evidence');
    const evidence = (spanEvidence ?? recorded.get(id)?.evidence.join(' ') ?? '').split(/\s+/).filter(Boolean);
    const state: SentenceState =
      attribute(attrs, 'data-edited') === 'true' ? 'edited' : attribute(attrs, 'data-accepted') === 'true' ? 'accepted' : 'open';
    found.push({
      id,
      section,
      text: decode(match[2]!).trim(),
      evidence,
      needsReview: attribute(attrs, 'data-review') === 'true' || evidence.length === 0,
      state,
    });
  }
  return found;
}

/** The review's sections: each Narrative section of the generated note with its sentences. */
export function reviewSections(note: Pick<Note, 'sections' | 'generation'>): ReviewSection[] {
  return (note.sections ?? [])
    .filter((s) => s.kind === 'Narrative')
    .map((s) => ({ key: s.key, title: s.title ?? s.key, sentences: sentencesOfNarrative(s.narrative ?? '', s.key, note.generation) }));
}

/** What the clinician does to one sentence. */
export type SentenceAction = { kind: 'accept' } | { kind: 'edit'; text: string } | { kind: 'delete' };

function rewriteSpan(attrs: string, action: Exclude<SentenceAction, { kind: 'delete' }>): string {
  // Accepting or editing is the clinician's check: the sentence is no longer awaiting review.
  const kept = attrs.replace(/\s+data-(review|accepted|edited)="[^"]*"/g, '');
  return action.kind === 'accept' ? `${kept} data-accepted="true"` : `${kept} data-edited="true"`;
}

/**
 * The narrative with one sentence accepted, edited or deleted; every other sentence and the
 * evidence of this one kept. An edited sentence keeps its evidence: the clinician rewrote what
 * the passage says, the passage is still where it came from. Unknown ids change nothing.
 */
export function applySentenceAction(html: string, sentenceId: string, action: SentenceAction): string {
  return html
    .replace(SPAN, (whole, attrs: string, inner: string) => {
      if (attribute(attrs, 'data-sentence') !== sentenceId) return whole;
      if (action.kind === 'delete') return '';
      return `<span${rewriteSpan(attrs, action)}>${action.kind === 'edit' ? escape(action.text.trim()) : inner}</span>`;
    })
    .replace(/<p>\s+/g, '<p>')
    .replace(/\s+<\/p>/g, '</p>')
    .replace(/(<\/span>)\s{2,}(<span)/g, '$1 $2');
}

/** Which sentence ids of the review cite a segment: the transcript pane marks the segments a focused sentence rests on. */
export function highlightedSegments(
  sentence: Pick<ReviewSentence, 'evidence'> | undefined,
  segments: readonly TranscriptSegment[],
): Set<string> {
  if (!sentence) return new Set();
  const known = new Set(segments.map((s) => s.id));
  return new Set(sentence.evidence.filter((id) => known.has(id)));
}

/** How many sentences still await the clinician's decision, and how many of those lack evidence. */
export function reviewProgress(sections: readonly ReviewSection[]): { open: number; flagged: number; total: number } {
  const all = sections.flatMap((s) => s.sentences);
  return {
    total: all.length,
    open: all.filter((s) => s.state === 'open').length,
    flagged: all.filter((s) => s.state === 'open' && s.needsReview).length,
  };
}
