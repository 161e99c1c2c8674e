import { describe, expect, it } from 'vitest';
import { EMPTY_SECTION_SENTENCE, structureTranscript, topicOf } from './builtin-structurer.ts';
import { formatFor } from './scribe-formats.ts';
import { parseSpeakerText } from './transcript-parsers.ts';

const SESSION = parseSpeakerText(
  [
    'Therapist: Hi Jordan, come on in.',
    "Client: Thanks. This week was rough, I had two panic attacks at work and I couldn't sleep.",
    'Therapist: How many hours are you sleeping?',
    'Client: About four.',
    "Therapist: Let's practise the box breathing exercise together for a few minutes.",
    'Client: Okay. That helped, I feel calmer now.',
    'Therapist: For homework, keep a panic log this week and we will review it next session.',
  ].join('\n'),
).segments;

describe('structureTranscript', () => {
  it('places each relevant sentence in its BIRP section, in the note voice, citing its segments', () => {
    const draft = structureTranscript({ format: 'BIRP', ...formatFor('BIRP', []), segments: SESSION });
    const bySection = Object.fromEntries(draft.sections.map((s) => [s.key, s.sentences.map((x) => [x.text, x.evidence])]));
    expect(bySection.behavior).toEqual([
      ["Patient reported that this week was rough, they had two panic attacks at work and they couldn't sleep.", ['s2']],
      ['When asked, "How many hours are you sleeping?", patient said, "About four."', ['s3', 's4']],
    ]);
    expect(bySection.intervention).toEqual([
      ['Clinician guided patient to practise the box breathing exercise together for a few minutes.', ['s5']],
    ]);
    expect(bySection.response).toEqual([['Patient reported that that helped, they feel calmer now.', ['s6']]]);
    expect(bySection.plan).toEqual([
      ['Clinician noted that for homework, keep a panic log this week and clinician and patient will review it next session.', ['s7']],
    ]);
    expect(draft.sections.flatMap((s) => s.sentences).every((s) => !s.needsReview)).toBe(true);
    expect(draft).toMatchObject({ generator: 'builtin', provider: 'caseload' });
  });

  it('leaves greetings out and marks an empty section for review with no evidence', () => {
    const draft = structureTranscript({ format: 'GIRPP', ...formatFor('GIRPP', []), segments: SESSION });
    const goal = draft.sections.find((s) => s.key === 'goal')!;
    expect(goal.sentences).toEqual([{ id: expect.any(String), text: EMPTY_SECTION_SENTENCE, evidence: [], needsReview: true }]);
    expect(draft.sections.flatMap((s) => s.sentences).some((s) => s.text.includes('come on in'))).toBe(false);
  });

  it('honours a practice section order', () => {
    const { sections } = formatFor('DAP', [{ format: 'DAP', sectionOrder: ['plan'] }]);
    expect(sections.map((s) => s.key)).toEqual(['plan', 'data', 'assessment']);
  });

  it('files by speaker: an intervention phrase from the patient is not an intervention', () => {
    expect(topicOf("Let's practise breathing", 'Clinician')).toBe('intervention');
    expect(topicOf('I practised breathing and it helped', 'Patient')).toBe('response');
  });
});
