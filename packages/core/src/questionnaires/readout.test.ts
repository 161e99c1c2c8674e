import { describe, expect, it } from 'vitest';
import { GAD7, PHQ9 } from './built-in/index.ts';
import { answerWords, maskSsn } from './answer-words.ts';
import { questionnaireReadout } from './readout.ts';
import type { Questionnaire, QuestionnaireItem } from './types.ts';

const item = (over: Partial<QuestionnaireItem>): QuestionnaireItem => ({ linkId: 'x', type: 'String', ...over });
const options = [
  { code: 'a', display: 'Alpha' },
  { code: 'b', display: 'Beta' },
];

describe('answerWords', () => {
  it('says each answer in words, never as raw data', () => {
    expect(answerWords(item({ type: 'Boolean' }), true)).toBe('Yes');
    expect(answerWords(item({ type: 'Boolean', variant: 'Thumbs' }), false)).toBe('Thumbs down');
    expect(answerWords(item({ type: 'Decimal', variant: 'USCurrency' }), 12.5)).toBe('$12.50');
    expect(answerWords(item({ variant: 'SocialSecurityNumber' }), '123-45-6789')).toBe('***-**-6789');
    expect(answerWords(item({ type: 'Choice', answerOptions: options }), 'b')).toBe('Beta');
    expect(answerWords(item({ type: 'OpenChoice', answerOptions: options }), 'typed instead')).toBe('typed instead');
    expect(answerWords(item({ type: 'Choice', repeats: true, answerOptions: options }), ['a', 'b'])).toBe('Alpha; Beta');
    expect(answerWords(item({ type: 'Ranking', answerOptions: options }), ['b', 'a'])).toBe('1. Beta; 2. Alpha');
    expect(answerWords(item({ type: 'UsState' }), 'TX')).toBe('Texas');
    expect(answerWords(item({ type: 'EhrLookup' }), { resourceType: 'Condition', id: 'c1' })).toBe('Condition c1');
    expect(answerWords(item({ type: 'Integer', variant: 'Stars', max: 10 }), 7)).toBe('7 of 10 stars');
    expect(answerWords(item({}), '')).toBe('');
  });

  it("leaves a date-time to the reader's clock, and shows the timestamp without one", () => {
    const at = '2024-05-02T18:30:00Z';
    expect(answerWords(item({ type: 'DateTime' }), at)).toBe(at);
    expect(answerWords(item({ type: 'DateTime' }), at, { dateTime: () => '05/02/2024 2:30 PM' })).toBe('05/02/2024 2:30 PM');
  });

  it('says an answer of the wrong shape as JSON, even one whose toString is not a function', () => {
    const odd = { toString: 0 };
    expect(answerWords(item({ type: 'Boolean' }), odd)).toBe('{"toString":0}');
    expect(answerWords(item({ type: 'Choice', answerOptions: options }), odd)).toBe('{"toString":0}');
    expect(answerWords(item({ type: 'Integer', variant: 'Stars' }), odd)).toBe('{"toString":0} of 5 stars');
  });

  it('masks all but the last four digits of an SSN', () => {
    expect(maskSsn('123456789')).toBe('***-**-6789');
    expect(maskSsn('')).toBe('');
  });
});

describe('questionnaireReadout', () => {
  const phq9 = (values: number[], extra: Record<string, string> = {}) => ({
    ...Object.fromEntries(values.map((v, i) => [`phq9-${i + 1}`, String(v)])),
    ...extra,
  });

  it("reads a PHQ-9 back question by question: the text, the answer's words and its points, then total, band and the item-9 alert", () => {
    const readout = questionnaireReadout(PHQ9, phq9([2, 2, 1, 2, 1, 1, 2, 1, 1], { 'phq9-10': 'very' }));
    expect(readout.title).toBe('PHQ-9');
    expect(readout.rows[0]).toEqual({
      kind: 'heading',
      text: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
    });
    expect(readout.rows[1]).toEqual({
      kind: 'question',
      linkId: 'phq9-1',
      number: 1,
      text: 'Little interest or pleasure in doing things',
      answer: 'More than half the days',
      score: 2,
    });
    expect(readout.rows[9]).toEqual({
      kind: 'question',
      linkId: 'phq9-9',
      number: 9,
      text: 'Thoughts that you would be better off dead or of hurting yourself in some way',
      answer: 'Several days',
      score: 1,
    });
    // Item 10 is asked (a problem was checked) and unscored: its words, no points.
    expect(readout.rows[10]).toMatchObject({ linkId: 'phq9-10', number: 10, answer: 'Very difficult' });
    expect(readout.rows[10]).not.toHaveProperty('score');
    expect(readout.score).toMatchObject({
      total: 13,
      maxScore: 27,
      band: { label: 'Moderate' },
      alerts: [PHQ9.scoring!.alerts![0]!.message],
    });
  });

  it('leaves out a question its conditions hide, without renumbering, and marks unanswered ones', () => {
    const readout = questionnaireReadout(GAD7, { 'gad7-1': '0', 'gad7-2': '0' });
    const questions = readout.rows.filter((r) => r.kind === 'question');
    expect(questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(questions[2]).not.toHaveProperty('answer');
    expect(readout.score).toEqual({ total: 0, maxScore: 21, answered: 2, scoredItems: 7 });
  });

  it("reads an unscored form's grid row by row and has no score", () => {
    const form: Pick<Questionnaire, 'title' | 'items'> = {
      title: 'Sleep diary',
      items: [
        { linkId: 'intro', type: 'TextBlock', variant: 'ParagraphBreak' },
        {
          linkId: 'week',
          type: 'Grid',
          text: 'This week',
          rows: [
            { code: 'mon', display: 'Monday' },
            { code: 'tue', display: 'Tuesday' },
          ],
          items: [
            { linkId: 'week-hours', type: 'Integer', text: 'Hours' },
            { linkId: 'week-rested', type: 'Boolean', text: 'Rested' },
          ],
        },
      ],
    };
    const readout = questionnaireReadout(form, { week: { mon: { 'week-hours': 7, 'week-rested': true } } });
    expect(readout.rows).toEqual([
      { kind: 'question', linkId: 'week', number: 1, text: 'This week', answer: 'Monday: Hours 7, Rested Yes' },
    ]);
    expect(readout).not.toHaveProperty('score');
  });
});
