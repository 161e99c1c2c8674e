import { answerInNoteVoice, inNoteVoice } from './clinician-voice.ts';
import type { GeneratedDraft, GeneratedSection, GeneratedSentence, GenerationInput } from './generated-draft.ts';
import { settleEvidence } from './generated-draft.ts';
import type { ScribeTopic } from './scribe-formats.ts';
import { roleOf, speakerRoles } from './speaker-roles.ts';
import { FILLER, TOPIC_CUES } from './structurer-vocabulary.ts';
import type { SpeakerRole, TranscriptSegment } from './transcript-types.ts';

/** The built-in structurer's rules version: a change of vocabulary or rules is a new version. */
export const BUILTIN_RULES_VERSION = 'builtin-2026.11.1';

/** Words in a sentence at most this long are an answer that needs its question to stand. */
const SHORT_ANSWER_WORDS = 5;

const phrasePattern = (phrase: string) => {
  const body = phrase.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '*' ? '*' : `\\${c}`)).replace(/\*/g, "[\\w'-]*");
  return new RegExp(`(?<![\\w'])${body}(?![\\w'])`, 'g');
};
const CUES = TOPIC_CUES.map((cue) => ({ ...cue, patterns: cue.phrases.map(phrasePattern) }));

/** The topic a sentence is about, as said by `role`: the most phrase hits; undefined when none. */
export function topicOf(sentence: string, role: SpeakerRole): ScribeTopic | undefined {
  const text = sentence.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  let best: { topic: ScribeTopic; hits: number } | undefined;
  for (const cue of CUES) {
    if (!cue.speakers.includes(role)) continue;
    const hits = cue.patterns.reduce((n, p) => n + (text.match(p)?.length ?? 0), 0);
    if (hits > 0 && (!best || hits > best.hits)) best = { topic: cue.topic, hits };
  }
  return best?.topic;
}

/** A segment's sentences (a turn may hold several). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'])/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

interface Placed {
  topic: ScribeTopic;
  sentence: Omit<GeneratedSentence, 'id'>;
}

/** The question a short answer replies to: the last sentence of the clinician's turn just before. */
function questionBefore(
  segments: readonly TranscriptSegment[],
  index: number,
  roles: Map<string, SpeakerRole>,
): TranscriptSegment | undefined {
  const previous = segments[index - 1];
  if (!previous || roleOf(roles, previous) !== 'Clinician') return undefined;
  return previous.text.trim().endsWith('?') ? previous : undefined;
}

function placeSegment(segments: readonly TranscriptSegment[], index: number, roles: Map<string, SpeakerRole>): Placed[] {
  const segment = segments[index]!;
  const role = roleOf(roles, segment);
  const placed: Placed[] = [];
  const sentences = sentencesOf(segment.text);
  for (const sentence of sentences) {
    if (FILLER.test(sentence)) continue;
    const question = role !== 'Clinician' && wordCount(sentence) <= SHORT_ANSWER_WORDS ? questionBefore(segments, index, roles) : undefined;
    if (question) {
      const asked = sentencesOf(question.text).at(-1)!;
      const topic = topicOf(`${asked} ${sentence}`, role) ?? topicOf(asked, 'Clinician');
      if (topic)
        placed.push({
          topic,
          sentence: { text: answerInNoteVoice(asked, sentence), evidence: [question.id, segment.id], needsReview: false },
        });
      continue;
    }
    // A clinician's question asks; it records nothing unless it is an intervention (a Socratic question).
    const topic = topicOf(sentence, role);
    if (!topic || (role === 'Clinician' && sentence.endsWith('?') && topic !== 'intervention')) continue;
    if (wordCount(sentence) < 3) continue;
    placed.push({ topic, sentence: { text: inNoteVoice(role, sentence), evidence: [segment.id], needsReview: false } });
  }
  return placed;
}

/** The note for a section nothing was placed in: a sentence without evidence, for the clinician to complete. */
export const EMPTY_SECTION_SENTENCE = 'Nothing in the transcript was placed here; complete or remove this section.';

/**
 * The built-in generator (no network): files each clinically relevant sentence of the transcript
 * under its topic, each topic under the format's section that takes it, in the order spoken,
 * rewritten in the note's voice and citing the segment(s) it came from (docs/scribe.md).
 */
export function structureTranscript(input: GenerationInput): GeneratedDraft {
  const roles = speakerRoles(input.segments, input.speakers);
  const sectionOfTopic = new Map<ScribeTopic, string>();
  for (const section of input.sections)
    for (const topic of section.topics) if (!sectionOfTopic.has(topic)) sectionOfTopic.set(topic, section.key);
  const sections: GeneratedSection[] = input.sections.map((s) => ({ key: s.key, title: s.title, sentences: [] }));
  const seen = new Set<string>();
  input.segments.forEach((_segment, index) => {
    for (const { topic, sentence } of placeSegment(input.segments, index, roles)) {
      const key = sectionOfTopic.get(topic);
      const target = sections.find((s) => s.key === key);
      if (!target || seen.has(sentence.text)) continue;
      seen.add(sentence.text);
      target.sentences.push({ id: '', ...sentence });
    }
  });
  for (const section of sections) {
    if (section.sentences.length === 0) section.sentences.push({ id: '', text: EMPTY_SECTION_SENTENCE, evidence: [], needsReview: true });
  }
  return {
    generator: 'builtin',
    provider: 'caseload',
    promptVersion: BUILTIN_RULES_VERSION,
    sections: settleEvidence(sections, input.segments),
  };
}
