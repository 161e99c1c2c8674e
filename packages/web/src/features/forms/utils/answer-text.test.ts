import { zonedClock, type QuestionnaireItem } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { answerText } from './answer-text.ts';
import { parseMarkdown } from './markdown.ts';

const item = (over: Partial<QuestionnaireItem>): QuestionnaireItem => ({ linkId: 'x', type: 'String', ...over });
const clock = zonedClock('America/Los_Angeles', { nameZone: true });
const options = [
  { code: 'a', display: 'Alpha' },
  { code: 'b', display: 'Beta' },
];

describe('answerText', () => {
  it('says each answer in words, never as raw data', () => {
    expect(answerText(item({ type: 'Boolean' }), true, clock)).toBe('Yes');
    expect(answerText(item({ type: 'Boolean', variant: 'Thumbs' }), false, clock)).toBe('Thumbs down');
    expect(answerText(item({ type: 'Decimal', variant: 'USCurrency' }), 12.5, clock)).toBe('$12.50');
    expect(answerText(item({ variant: 'SocialSecurityNumber' }), '123-45-6789', clock)).toBe('***-**-6789');
    expect(answerText(item({ variant: 'LastFirstName' }), { family: 'Doe', given: 'Jane' }, clock)).toBe('Doe, Jane');
    expect(answerText(item({ type: 'Choice', answerOptions: options }), 'b', clock)).toBe('Beta');
    expect(answerText(item({ type: 'Choice', repeats: true, answerOptions: options }), ['a', 'b'], clock)).toBe('Alpha; Beta');
    expect(answerText(item({ type: 'Ranking', answerOptions: options }), ['b', 'a'], clock)).toBe('1. Beta; 2. Alpha');
    expect(answerText(item({ type: 'UsState' }), 'TX', clock)).toBe('Texas');
    expect(
      answerText(item({ type: 'Address' }), { line: ['1 Main St'], city: 'Springfield', state: 'IL', postalCode: '62701' }, clock),
    ).toBe('1 Main St, Springfield, IL 62701');
    expect(answerText(item({ type: 'Patient' }), { resourceType: 'Patient', id: 'p', display: 'Doe, Jane' }, clock)).toBe('Doe, Jane');
    expect(answerText(item({ type: 'Integer', variant: 'Stars' }), 4, clock)).toBe('4 of 5 stars');
    expect(answerText(item({}), undefined, clock)).toBe('');
    // Date-times on the practice's clock, whatever the browser's.
    expect(answerText(item({ type: 'DateTime' }), '2024-05-02T15:00:00Z', clock)).toBe('May 2, 2024, 8:00 AM PDT');
  });
});

describe('parseMarkdown', () => {
  it('reads paragraphs, lists, headings and emphasis as data, never HTML', () => {
    expect(parseMarkdown('# Title\n\nSome **bold** and *em*.\n\n- one\n- two\n\n<b>x</b>')).toEqual([
      { kind: 'heading', inline: [{ kind: 'text', text: 'Title' }] },
      {
        kind: 'paragraph',
        inline: [
          { kind: 'text', text: 'Some ' },
          { kind: 'strong', text: 'bold' },
          { kind: 'text', text: ' and ' },
          { kind: 'em', text: 'em' },
          { kind: 'text', text: '.' },
        ],
      },
      { kind: 'list', items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two' }]] },
      { kind: 'paragraph', inline: [{ kind: 'text', text: '<b>x</b>' }] },
    ]);
  });
});
