import { sectionNarrative, type NoteGeneration } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { applySentenceAction, highlightedSegments, reviewProgress, reviewSections, sentencesOfNarrative } from './review-sentences.ts';

const behavior = sectionNarrative({
  key: 'behavior',
  title: 'Behavior',
  sentences: [
    { id: 'g1', text: 'Patient reported two panic attacks at work.', evidence: ['s2'], needsReview: false },
    { id: 'g2', text: 'Patient reported sleeping about four hours & waking early.', evidence: ['s3', 's4'], needsReview: false },
    { id: 'g3', text: 'Nothing in the transcript was placed here.', evidence: [], needsReview: true },
  ],
});

const generation = {
  sentences: [
    { id: 'g1', section: 'behavior', evidence: ['s2'], needsReview: false },
    { id: 'g2', section: 'behavior', evidence: ['s3', 's4'], needsReview: false },
    { id: 'g3', section: 'behavior', evidence: [], needsReview: true },
  ],
} as unknown as NoteGeneration;

describe('the review of a generated narrative', () => {
  it("reads each sentence's id, text and evidence from the spans the server wrote", () => {
    expect(sentencesOfNarrative(behavior, 'behavior')).toEqual([
      {
        id: 'g1',
        section: 'behavior',
        text: 'Patient reported two panic attacks at work.',
        evidence: ['s2'],
        needsReview: false,
        state: 'open',
      },
      {
        id: 'g2',
        section: 'behavior',
        text: 'Patient reported sleeping about four hours & waking early.',
        evidence: ['s3', 's4'],
        needsReview: false,
        state: 'open',
      },
      { id: 'g3', section: 'behavior', text: 'Nothing in the transcript was placed here.', evidence: [], needsReview: true, state: 'open' },
    ]);
  });

  it('reads spans whose attributes another editor reordered, and takes evidence from generation when the span lost it', () => {
    const html = '<p><span data-review="true" data-sentence="g3">Check this.</span> <span data-sentence="g1">Kept.</span></p>';
    const found = sentencesOfNarrative(html, 'behavior', generation);
    expect(found.map((s) => [s.id, s.evidence, s.needsReview])).toEqual([
      ['g3', [], true],
      ['g1', ['s2'], false],
    ]);
  });

  it('accepts a sentence: it is no longer flagged, its evidence stays', () => {
    const html = applySentenceAction(behavior, 'g3', { kind: 'accept' });
    const g3 = sentencesOfNarrative(html, 'behavior').find((s) => s.id === 'g3')!;
    expect(g3).toMatchObject({ state: 'accepted', needsReview: true, evidence: [] });
    expect(html).not.toContain('data-review');
  });

  it('edits a sentence: new words (escaped), the same evidence, the others untouched', () => {
    const html = applySentenceAction(behavior, 'g1', { kind: 'edit', text: ' Patient described <two> panic attacks. ' });
    const [g1, g2] = sentencesOfNarrative(html, 'behavior');
    expect(g1).toMatchObject({ text: 'Patient described <two> panic attacks.', evidence: ['s2'], state: 'edited' });
    expect(html).toContain('&lt;two&gt;');
    expect(g2!.text).toBe('Patient reported sleeping about four hours & waking early.');
  });

  it('deletes a sentence and leaves the paragraph tidy', () => {
    const html = applySentenceAction(behavior, 'g2', { kind: 'delete' });
    expect(sentencesOfNarrative(html, 'behavior').map((s) => s.id)).toEqual(['g1', 'g3']);
    expect(html).toMatch(/^<p><span[^>]*>Patient reported two panic attacks at work\.<\/span> <span/);
    expect(applySentenceAction(html, 'g9', { kind: 'delete' })).toBe(html);
  });

  it('maps a focused sentence to the segments it cites that the transcript has', () => {
    const segments = [
      { id: 's2', text: 'a' },
      { id: 's3', text: 'b' },
    ];
    expect([...highlightedSegments({ evidence: ['s3', 's4'] }, segments)]).toEqual(['s3']);
    expect(highlightedSegments(undefined, segments).size).toBe(0);
  });

  it("lists the note's narrative sections and counts what is left to review", () => {
    const sections = reviewSections({
      sections: [
        { key: 'behavior', title: 'Behavior', kind: 'Narrative', narrative: applySentenceAction(behavior, 'g1', { kind: 'accept' }) },
        { key: 'other', title: 'Other', kind: 'Questionnaire' },
      ],
    } as never);
    expect(sections.map((s) => s.key)).toEqual(['behavior']);
    expect(reviewProgress(sections)).toEqual({ total: 3, open: 2, flagged: 1 });
  });
});
