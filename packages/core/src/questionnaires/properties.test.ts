import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Calculations, DisplayVariants, Logics, QuestionTypes } from '../enums.ts';
import { GAD7, PHQ9 } from './built-in/index.ts';
import { applyCalculations, calculate } from './calculate.ts';
import { isEnabled } from './enable-when.ts';
import { scoreAssessment } from './scoring.ts';
import { ENABLE_WHEN_OPERATORS, type QuestionnaireItem } from './types.ts';
import { prepareAnswers, validateResponse } from './validate-response.ts';
import { questionnaireIssues } from './validate-questionnaire.ts';

const linkIds = ['a', 'b', 'c', 'd', 'e'];
const anyValue = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.oneof(fc.string(), fc.integer())),
  fc.record({ resourceType: fc.string(), id: fc.string() }),
  fc.constantFrom('2024-02-29', '1:30:00', 'IL', '123-45-6789', '2024', 'a', 'b'),
);
const answersArb = fc.dictionary(fc.oneof(fc.constantFrom(...linkIds, '__proto__', 'constructor'), fc.string()), anyValue);
const conditionArb = fc.record({
  question: fc.constantFrom(...linkIds),
  operator: fc.constantFrom(...ENABLE_WHEN_OPERATORS),
  answer: fc.option(fc.oneof(fc.string(), fc.integer(), fc.boolean()), { nil: undefined }),
});
const itemArb: fc.Arbitrary<QuestionnaireItem> = fc.record(
  {
    linkId: fc.constantFrom(...linkIds),
    type: fc.constantFrom(...QuestionTypes),
    variant: fc.option(fc.constantFrom(...DisplayVariants), { nil: undefined }),
    text: fc.option(fc.string(), { nil: undefined }),
    required: fc.boolean(),
    repeats: fc.boolean(),
    answerOptions: fc.option(
      fc.array(
        fc.record({ code: fc.constantFrom('a', 'b', 'c'), display: fc.string(), score: fc.option(fc.integer(), { nil: undefined }) }),
      ),
      { nil: undefined },
    ),
    min: fc.option(fc.oneof(fc.integer(), fc.string()), { nil: undefined }),
    max: fc.option(fc.oneof(fc.integer(), fc.string()), { nil: undefined }),
    pattern: fc.option(fc.constantFrom('[a-z]+', '(', '\\d{3}'), { nil: undefined }),
    enableWhen: fc.option(fc.array(conditionArb, { maxLength: 3 }), { nil: undefined }),
    enableBehavior: fc.option(fc.constantFrom(...Logics), { nil: undefined }),
    calculation: fc.option(
      fc.record({ kind: fc.constantFrom(...Calculations), sources: fc.array(fc.constantFrom(...linkIds), { maxLength: 3 }) }),
      { nil: undefined },
    ),
  },
  { requiredKeys: ['linkId', 'type'] },
);

describe('random answers never crash', () => {
  it('the validator, the preparation and the scorer, over random questionnaires', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 6 }),
        answersArb,
        fc.constantFrom('InProgress', 'Complete'),
        (items, answers, completion) => {
          const issues = validateResponse({ items }, { answers, completion: completion as 'Complete' });
          expect(Array.isArray(issues)).toBe(true);
          for (const issue of issues) expect(typeof issue.message).toBe('string');
          prepareAnswers({ items }, answers);
          questionnaireIssues({ title: 't', status: 'Active', items }, { publishing: true });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the calculator and isEnabled', () => {
    fc.assert(
      fc.property(itemArb, answersArb, (item, answers) => {
        const value = calculate(item, answers);
        if (item.calculation && item.calculation.kind !== 'Copy' && value !== undefined) expect(Number.isFinite(value)).toBe(true);
        expect(typeof isEnabled(item, answers)).toBe('boolean');
        applyCalculations([item], answers);
      }),
      { numRuns: 500 },
    );
  });

  it('PHQ-9 and GAD-7 with any answers; a valid complete response always has a band', () => {
    fc.assert(
      fc.property(answersArb, (answers) => {
        validateResponse(PHQ9, { answers, completion: 'Complete' });
        scoreAssessment(GAD7, answers);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 9, maxLength: 9 }), (values) => {
        const answers = Object.fromEntries(values.map((v, i) => [`phq9-${i + 1}`, String(v)]));
        const score = scoreAssessment(PHQ9, answers)!;
        expect(score.total).toBe(values.reduce((a, b) => a + b, 0));
        expect(score.band).toBeDefined();
      }),
    );
  });
});
