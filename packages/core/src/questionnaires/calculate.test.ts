import { describe, expect, it } from 'vitest';
import { Calculations } from '../enums.ts';
import { applyCalculations, calculate } from './calculate.ts';
import type { Calculation, QuestionnaireItem } from './types.ts';

const calc = (kind: Calculation, sources = ['a', 'b', 'c']) => ({ calculation: { kind, sources } });

describe('calculate', () => {
  const cases: [Calculation, Record<string, unknown>, unknown][] = [
    ['Sum', { a: 1, b: 2, c: 3.5 }, 6.5],
    ['Sum', { a: 1 }, 1],
    ['Sum', {}, undefined],
    ['Sum', { a: 0.1, b: 0.2 }, 0.3],
    ['Multiply', { a: 2, b: 3, c: 4 }, 24],
    ['Multiply', { a: 2, c: 4 }, 8],
    ['Multiply', {}, undefined],
    ['Difference', { a: 10, b: 3, c: 2 }, 5],
    ['Difference', { a: 10, c: 2 }, 8],
    ['Difference', { b: 3 }, undefined],
    ['Average', { a: 1, b: 2, c: 6 }, 3],
    ['Average', { a: 1, c: 6 }, 3.5],
    ['Average', { a: 'text', b: null }, undefined],
    ['Copy', { a: 'hello', b: 2 }, 'hello'],
    ['Copy', { a: { resourceType: 'Patient', id: 'p1' } }, { resourceType: 'Patient', id: 'p1' }],
    ['Copy', { b: 2 }, undefined],
  ];
  it.each(cases)('%s of %j is %j', (kind, answers, expected) => {
    expect(calculate(calc(kind), answers)).toEqual(expected);
  });

  it('covers every calculation', () => {
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(Calculations));
  });

  it('counts a choice by its option score, true/false as 1/0 and every entry of a list', () => {
    const sources = new Map<string, QuestionnaireItem>([
      [
        'a',
        {
          linkId: 'a',
          type: 'Choice',
          answerOptions: [
            { code: 'x', display: 'X', score: 2 },
            { code: 'y', display: 'Y' },
          ],
        },
      ],
    ]);
    expect(calculate(calc('Sum'), { a: 'x', b: true, c: [1, 2] }, sources)).toBe(6);
    expect(calculate(calc('Sum'), { a: 'y' }, sources)).toBeUndefined();
  });

  it('is undefined without a calculation or sources', () => {
    expect(calculate({}, { a: 1 })).toBeUndefined();
    expect(calculate({ calculation: { kind: 'Sum', sources: [] } }, { a: 1 })).toBeUndefined();
  });

  it('has no value when the result overflows (found by the property test)', () => {
    expect(calculate({ calculation: { kind: 'Multiply', sources: ['b', 'e'] } }, { b: -2, e: -8.98846567431158e307 })).toBeUndefined();
    expect(calculate({ calculation: { kind: 'Sum', sources: ['b', 'e'] } }, { b: 1.7e308, e: 1.7e308 })).toBeUndefined();
  });
});

describe('applyCalculations', () => {
  const items: QuestionnaireItem[] = [
    { linkId: 'a', type: 'Integer' },
    { linkId: 'b', type: 'Integer' },
    { linkId: 'double', type: 'Integer', calculation: { kind: 'Sum', sources: ['total', 'total'] } },
    { linkId: 'total', type: 'Integer', calculation: { kind: 'Sum', sources: ['a', 'b'] } },
  ];

  it('computes calculations of calculations whatever their order, replacing what was sent', () => {
    expect(applyCalculations(items, { a: 1, b: 2, total: 99 })).toEqual({ a: 1, b: 2, total: 3, double: 6 });
  });

  it('removes a calculated answer with nothing to compute from', () => {
    expect(applyCalculations(items, { total: 5, double: 10 })).toEqual({});
  });

  it('stops on a cycle in a draft', () => {
    const cyclic: QuestionnaireItem[] = [
      { linkId: 'p', type: 'Integer', calculation: { kind: 'Sum', sources: ['q'] } },
      { linkId: 'q', type: 'Integer', calculation: { kind: 'Sum', sources: ['p'] } },
    ];
    expect(() => applyCalculations(cyclic, { p: 1 })).not.toThrow();
  });
});
