import { describe, expect, it } from 'vitest';
import type { QuestionnaireItem, ResponseSignature } from './types.ts';
import { answersSchema, prepareAnswers, validateResponse } from './validate-response.ts';
import { hashAnswers } from './signatures.ts';

const one = (item: Partial<QuestionnaireItem>, value: unknown, completion: 'InProgress' | 'Complete' = 'InProgress') =>
  validateResponse(
    { items: [{ linkId: 'q', type: 'String', text: 'Q', ...item } as QuestionnaireItem] },
    { answers: value === undefined ? {} : { q: value }, completion },
  );

/** Every message of SPEC.md section 5 a questionnaire can produce, to the letter. */
describe('validation messages', () => {
  it.each([
    ['required', { required: true }, undefined, 'Complete', 'Q is a required field'],
    ['blank is not an answer', { required: true }, '   ', 'Complete', 'Q is a required field'],
    [
      'oneOf',
      { type: 'Choice', answerOptions: [{ code: 'a', display: 'A' }] },
      'b',
      'InProgress',
      'Q must be one of the following values: a',
    ],
    ['at least N characters', { minLength: 3 }, 'ab', 'InProgress', 'Q must be at least 3 characters'],
    ['at most N characters', { maxLength: 3 }, 'abcd', 'InProgress', 'Q must be at most 3 characters'],
    [
      'exactly N items',
      {
        type: 'Ranking',
        answerOptions: [
          { code: 'a', display: 'A' },
          { code: 'b', display: 'B' },
        ],
      },
      ['a'],
      'InProgress',
      'Q must have 2 items',
    ],
    ['email', { variant: 'Email' }, 'x', 'InProgress', 'Q must be a valid email'],
    ['number min', { type: 'Integer', min: 1 }, 0, 'InProgress', 'Q must be greater than or equal to 1'],
    ['number max', { type: 'Integer', max: 1 }, 2, 'InProgress', 'Q must be less than or equal to 1'],
    ['integer', { type: 'Integer' }, 1.5, 'InProgress', 'Q must be an integer'],
    ['array min', { type: 'Integer', repeats: true, minItems: 2 }, [1], 'InProgress', 'Q field must have at least 2 items'],
    ['array max', { type: 'Integer', repeats: true, maxItems: 1 }, [1, 2], 'InProgress', 'Q field must have less than or equal to 1 items'],
    ['is invalid.', { type: 'Boolean' }, 'yes', 'InProgress', 'Q is invalid.'],
    ['pattern', { pattern: '[0-9]+' }, '12a', 'InProgress', 'Q is invalid.'],
    ['date min', { type: 'Date', min: '2024-01-01' }, '2023-12-31', 'InProgress', 'Q field must be later than 2024-01-01'],
    ['date max', { type: 'Date', max: '2024-01-01' }, '2024-01-02', 'InProgress', 'Q field must be earlier than 2024-01-01'],
    [
      'date-time max',
      { type: 'DateTime', max: '2024-01-01T00:00:00Z' },
      '2024-01-01T01:00:00+00:00',
      'InProgress',
      'Q field must be earlier than 2024-01-01T00:00:00Z',
    ],
    ['time min', { type: 'Time', min: '09:00' }, '08:59:59', 'InProgress', 'Q field must be later than 09:00'],
    [
      'whitespace',
      { variant: 'LastFirstName' },
      { family: 'Lovelace ', given: 'Ada' },
      'InProgress',
      'q.family cannot begin or end with whitespace',
    ],
    ['unique', { type: 'Integer', repeats: true }, [1, 1], 'InProgress', 'Q cannot have duplicates.'],
    ['approximate', { type: 'Approximate' }, '2024-13', 'InProgress', 'Invalid Approximate month: 2024-13'],
    ['duration', { type: 'Duration' }, '1:00', 'InProgress', '"1:00" is an invalid duration format.'],
  ])('%s', (_name, item, value, completion, message) => {
    const issues = one(item as Partial<QuestionnaireItem>, value, completion as 'Complete');
    expect(issues.map((i) => i.message)).toContain(message);
    expect(issues.every((i) => i.path === 'q' || i.path.startsWith('q.'))).toBe(true);
  });

  it('objects with no unknown keys', () => {
    expect(one({ type: 'Address' }, { city: 'X', planet: 'Mars' })).toEqual([
      { path: 'q', message: 'Q field has unspecified keys: planet' },
    ]);
  });

  it('labels with the linkId when a question has no text', () => {
    expect(
      validateResponse({ items: [{ linkId: 'age', type: 'Integer', required: true }] }, { answers: {}, completion: 'Complete' }),
    ).toEqual([{ path: 'age', message: 'age is a required field' }]);
  });

  it('checks the response itself: completion, answers and signatures', () => {
    const items: QuestionnaireItem[] = [{ linkId: 's', type: 'Signature', text: 'Sign here', required: true }];
    expect(validateResponse({ items }, { answers: [] as never, completion: 'Done' as never })).toEqual([
      { path: 'completion', message: 'completion must be one of the following values: NotStarted, InProgress, Complete' },
      { path: 'answers', message: 'answers is invalid.' },
    ]);
    expect(validateResponse({ items }, { answers: {}, completion: 'Complete' })).toEqual([
      { path: 's', message: 'Sign here is a required field' },
    ]);
    const signature: ResponseSignature = {
      linkId: 's',
      signer: { resourceType: 'Patient', id: 'p' },
      role: 'AdhocPatient',
      signedAt: '2024-01-01T00:00:00Z',
      image: { resourceType: 'Media', id: 'm' },
      answersHash: hashAnswers({}),
    };
    expect(validateResponse({ items }, { answers: {}, completion: 'Complete', signatures: [signature] })).toEqual([]);
    expect(validateResponse({ items }, { answers: {}, completion: 'Complete', signatures: [{ ...signature, voided: true }] })).toEqual([
      { path: 's', message: 'Sign here is a required field' },
    ]);
    expect(
      validateResponse({ items }, { answers: {}, completion: 'InProgress', signatures: [{ ...signature, answersHash: 'x' }] }),
    ).toEqual([{ path: 'signatures.0.answersHash', message: 'signatures[0].answersHash is invalid.' }]);
  });

  it('ignores answers of disabled questions and checks calculations as computed', () => {
    const items: QuestionnaireItem[] = [
      { linkId: 'on', type: 'Boolean' },
      { linkId: 'n', type: 'Integer', required: true, enableWhen: [{ question: 'on', operator: '=', answer: true }] },
      { linkId: 'a', type: 'Integer' },
      { linkId: 'capped', type: 'Integer', max: 10, calculation: { kind: 'Copy', sources: ['a'] } },
    ];
    expect(validateResponse({ items }, { answers: { on: false, n: 'junk' }, completion: 'Complete' })).toEqual([]);
    expect(validateResponse({ items }, { answers: { a: 11, capped: 1 }, completion: 'InProgress' })).toEqual([
      { path: 'capped', message: 'capped must be less than or equal to 10' },
    ]);
    expect(prepareAnswers({ items }, { on: false, n: 3, a: 4, stray: 1 })).toEqual({ on: false, a: 4, capped: 4 });
  });

  it('gives the renderer a yup schema of the enabled questions', () => {
    const items: QuestionnaireItem[] = [{ linkId: 'x', type: 'Integer', required: true }];
    expect(answersSchema({ items }, {}, { complete: true }).isValidSync({})).toBe(false);
    expect(answersSchema({ items }, {}, { complete: false }).isValidSync({})).toBe(true);
  });
});
