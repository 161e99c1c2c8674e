import { describe, expect, it } from 'vitest';
import { Logics } from '../enums.ts';
import { conditionHolds, isEnabled } from './enable-when.ts';
import { enabledAnswers, enabledLinkIds } from './enabled-answers.ts';
import type { EnableWhen, QuestionnaireItem } from './types.ts';

const when = (operator: EnableWhen['operator'], answer?: EnableWhen['answer']): EnableWhen => ({ question: 'x', operator, answer });

describe('conditionHolds', () => {
  it.each([
    ['exists true, answered', when('exists', true), { x: 1 }, true],
    ['exists true, unanswered', when('exists', true), {}, false],
    ['exists true, blank text', when('exists', true), { x: '  ' }, false],
    ['exists false, unanswered', when('exists', false), {}, true],
    ['= number', when('=', 3), { x: 3 }, true],
    ['= does not coerce', when('=', '3'), { x: 3 }, false],
    ['= boolean', when('=', true), { x: true }, true],
    ['= any entry of a list', when('=', 'b'), { x: ['a', 'b'] }, true],
    ['= a reference by id', when('=', 'p1'), { x: { resourceType: 'Patient', id: 'p1' } }, true],
    ['= unanswered', when('=', 3), {}, false],
    ['!= different', when('!=', 3), { x: 4 }, true],
    ['!= same', when('!=', 3), { x: 3 }, false],
    ['!= unanswered', when('!=', 3), {}, true],
    ['> number', when('>', 3), { x: 4 }, true],
    ['> equal', when('>', 3), { x: 3 }, false],
    ['< number', when('<', 3), { x: 2 }, true],
    ['>= equal', when('>=', 3), { x: 3 }, true],
    ['<= greater', when('<=', 3), { x: 4 }, false],
    ['> ISO dates as text', when('>', '2024-01-01'), { x: '2024-06-01' }, true],
    ['< mixed types never holds', when('<', 3), { x: '2' }, false],
    ['> unanswered', when('>', 3), {}, false],
    ['= without a value', when('='), { x: 3 }, false],
    ['prototype keys are not answers', { question: 'constructor', operator: 'exists' as const }, {}, false],
  ])('%s', (_name, condition, answers, expected) => {
    expect(conditionHolds(condition, answers)).toBe(expected);
  });
});

describe('isEnabled: every logic over every combination of two conditions', () => {
  const a: EnableWhen = { question: 'a', operator: '=', answer: true };
  const b: EnableWhen = { question: 'b', operator: '=', answer: true };
  const expected: Record<(typeof Logics)[number], (p: boolean, q: boolean) => boolean> = {
    And: (p, q) => p && q,
    Or: (p, q) => p || q,
    None: (p, q) => !p && !q,
  };
  for (const logic of Logics) {
    for (const p of [true, false]) {
      for (const q of [true, false]) {
        it(`${logic} with ${p}, ${q}`, () => {
          expect(isEnabled({ enableWhen: [a, b], enableBehavior: logic }, { a: p, b: q })).toBe(expected[logic](p, q));
        });
      }
    }
  }

  it('And is the default, and no conditions means enabled', () => {
    expect(isEnabled({ enableWhen: [a, b] }, { a: true, b: false })).toBe(false);
    expect(isEnabled({}, {})).toBe(true);
    expect(isEnabled({ enableWhen: [], enableBehavior: 'None' }, {})).toBe(true);
  });

  it('a single condition under None is its negation', () => {
    expect(isEnabled({ enableWhen: [a], enableBehavior: 'None' }, { a: true })).toBe(false);
    expect(isEnabled({ enableWhen: [a], enableBehavior: 'None' }, {})).toBe(true);
  });
});

describe('enabledAnswers', () => {
  const items: QuestionnaireItem[] = [
    { linkId: 'smokes', type: 'Boolean' },
    { linkId: 'packs', type: 'Integer', enableWhen: [{ question: 'smokes', operator: '=', answer: true }] },
    { linkId: 'heavy', type: 'Boolean', enableWhen: [{ question: 'packs', operator: '>', answer: 1 }] },
    {
      linkId: 'group',
      type: 'Header',
      enableWhen: [{ question: 'smokes', operator: '=', answer: true }],
      items: [{ linkId: 'child', type: 'String' }],
    },
  ];

  it('drops answers of disabled questions, and of questions that depend on them', () => {
    const answers = { smokes: false, packs: 3, heavy: true, child: 'x' };
    expect(enabledAnswers(items, answers)).toEqual({ smokes: false });
    expect([...enabledLinkIds(items, answers)]).toEqual(['smokes']);
  });

  it('keeps them while enabled, and drops linkIds the questionnaire lacks', () => {
    expect(enabledAnswers(items, { smokes: true, packs: 3, heavy: true, child: 'x', stray: 1 })).toEqual({
      smokes: true,
      packs: 3,
      heavy: true,
      child: 'x',
    });
  });
});
