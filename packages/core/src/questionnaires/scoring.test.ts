import { describe, expect, it } from 'vitest';
import { COLOR_SCALES } from '../web/color-scales.ts';
import { GAD7, PHQ9 } from './built-in/index.ts';
import { bandColor, bandOf, scoreAssessment, scoreColor } from './scoring.ts';
import { questionnaireIssues } from './validate-questionnaire.ts';
import { validateResponse } from './validate-response.ts';

const answersOf = (prefix: string, values: number[]) => Object.fromEntries(values.map((v, i) => [`${prefix}-${i + 1}`, String(v)]));

describe('PHQ-9', () => {
  it('asks the nine published items and the unscored difficulty question, answered 0 to 3', () => {
    const group = PHQ9.items[0]!;
    expect(group.items!.map((i) => i.text)).toEqual([
      'Little interest or pleasure in doing things',
      'Feeling down, depressed, or hopeless',
      'Trouble falling or staying asleep, or sleeping too much',
      'Feeling tired or having little energy',
      'Poor appetite or overeating',
      'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
      'Trouble concentrating on things, such as reading the newspaper or watching television',
      'Moving or speaking so slowly that other people could have noticed? Or the opposite — ' +
        'being so fidgety or restless that you have been moving around a lot more than usual',
      'Thoughts that you would be better off dead or of hurting yourself in some way',
    ]);
    expect(group.items![0]!.answerOptions!.map((o) => [o.display, o.score])).toEqual([
      ['Not at all', 0],
      ['Several days', 1],
      ['More than half the days', 2],
      ['Nearly every day', 3],
    ]);
    expect(PHQ9.scoring!.items).not.toContain('phq9-10');
    expect(questionnaireIssues(PHQ9, { publishing: true })).toEqual([]);
  });

  it.each([
    [[0, 0, 0, 0, 0, 0, 0, 0, 0], 0, 'minimal'],
    [[1, 1, 1, 1, 0, 0, 0, 0, 0], 4, 'minimal'],
    [[1, 1, 1, 1, 1, 0, 0, 0, 0], 5, 'mild'],
    [[3, 3, 3, 0, 0, 0, 0, 0, 0], 9, 'mild'],
    [[2, 2, 2, 2, 2, 0, 0, 0, 0], 10, 'moderate'],
    [[3, 3, 2, 2, 1, 1, 1, 1, 0], 14, 'moderate'],
    [[3, 3, 3, 3, 3, 0, 0, 0, 0], 15, 'moderately-severe'],
    [[3, 3, 3, 3, 3, 2, 1, 1, 0], 19, 'moderately-severe'],
    [[3, 3, 3, 3, 3, 3, 2, 0, 0], 20, 'severe'],
    [[3, 3, 3, 3, 3, 3, 3, 3, 3], 27, 'severe'],
  ])('%j scores %i (%s)', (values, total, band) => {
    const score = scoreAssessment(PHQ9, { ...answersOf('phq9', values), 'phq9-10': 'very' });
    expect(score).toMatchObject({ total, maxScore: 27, answered: 9, scoredItems: 9 });
    expect(score!.band!.code).toBe(band);
  });

  it('does not band a partial response, and flags item 9 whatever the total', () => {
    const score = scoreAssessment(PHQ9, { 'phq9-1': '0', 'phq9-9': '1' });
    expect(score).toEqual({ total: 1, maxScore: 27, answered: 2, scoredItems: 9, alerts: [PHQ9.scoring!.alerts![0]!.message] });
  });

  it('asks the difficulty question only once a problem was checked', () => {
    const none = validateResponse(PHQ9, {
      answers: { ...answersOf('phq9', [0, 0, 0, 0, 0, 0, 0, 0, 0]), 'phq9-10': 'very' },
      completion: 'Complete',
    });
    expect(none).toEqual([]);
  });
});

describe('GAD-7', () => {
  it('asks the seven published items', () => {
    expect(GAD7.items[0]!.items!.map((i) => i.text)).toEqual([
      'Feeling nervous, anxious, or on edge',
      'Not being able to stop or control worrying',
      'Worrying too much about different things',
      'Trouble relaxing',
      'Being so restless that it is hard to sit still',
      'Becoming easily annoyed or irritable',
      'Feeling afraid, as if something awful might happen',
    ]);
    expect(questionnaireIssues(GAD7, { publishing: true })).toEqual([]);
  });

  it.each([
    [[0, 0, 0, 0, 0, 0, 0], 0, 'minimal'],
    [[1, 1, 1, 1, 0, 0, 0], 4, 'minimal'],
    [[1, 1, 1, 1, 1, 0, 0], 5, 'mild'],
    [[3, 3, 3, 0, 0, 0, 0], 9, 'mild'],
    [[2, 2, 2, 2, 2, 0, 0], 10, 'moderate'],
    [[2, 2, 2, 2, 2, 2, 2], 14, 'moderate'],
    [[3, 3, 3, 3, 3, 0, 0], 15, 'severe'],
    [[3, 3, 3, 3, 3, 3, 3], 21, 'severe'],
  ])('%j scores %i (%s)', (values, total, band) => {
    const score = scoreAssessment(GAD7, answersOf('gad7', values));
    expect(score).toMatchObject({ total, maxScore: 21, band: { code: band } });
  });
});

describe('bands on the goodToBad scale', () => {
  it('runs from the good end for the lowest band to the bad end for the highest', () => {
    const scoring = PHQ9.scoring!;
    expect(bandColor(scoring, 'minimal')).toBe(COLOR_SCALES.goodToBad(0));
    expect(bandColor(scoring, 'moderate')).toBe(COLOR_SCALES.goodToBad(0.5));
    expect(bandColor(scoring, 'severe')).toBe(COLOR_SCALES.goodToBad(1));
    expect(bandColor(scoring, 'nope')).toBeUndefined();
    expect(scoreColor(GAD7.scoring!, 21)).toBe(COLOR_SCALES.goodToBad(1));
  });

  it('maps each band to an intent, from success to danger', () => {
    expect(PHQ9.scoring!.bands.map((b) => b.intent)).toEqual(['success', 'assist', 'warning', 'danger', 'danger']);
    expect(GAD7.scoring!.bands.map((b) => b.intent)).toEqual(['success', 'assist', 'warning', 'danger']);
    expect(bandOf(GAD7.scoring!, 99)).toBeUndefined();
  });

  it('is undefined for an unscored questionnaire', () => {
    expect(scoreAssessment({ items: [] }, {})).toBeUndefined();
  });
});
