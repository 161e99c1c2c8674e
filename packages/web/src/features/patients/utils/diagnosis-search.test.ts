import { describe, expect, it } from 'vitest';
import { diagnosisLabel, matchesDiagnosis, searchDiagnoses } from './diagnosis-search.ts';

describe('diagnosis type-ahead', () => {
  const mdd = { code: 'F32.9', display: 'Major depressive disorder, single episode, unspecified' };

  it('matches the start of the code, with or without the dot, in any case', () => {
    expect(matchesDiagnosis(mdd, 'F32')).toBe(true);
    expect(matchesDiagnosis(mdd, 'f32.9')).toBe(true);
    expect(matchesDiagnosis(mdd, 'F329')).toBe(true);
    expect(matchesDiagnosis(mdd, 'F33')).toBe(false);
  });

  it('matches every typed word at the start of a word of the description, in any order', () => {
    expect(matchesDiagnosis(mdd, 'maj depress')).toBe(true);
    expect(matchesDiagnosis(mdd, 'single major')).toBe(true);
    expect(matchesDiagnosis(mdd, 'major anxiety')).toBe(false);
    expect(matchesDiagnosis(mdd, 'ajor')).toBe(false);
  });

  it('searches the list and limits the answer', () => {
    const anxiety = searchDiagnoses('generalized anxiety');
    expect(anxiety.map((c) => c.code)).toContain('F41.1');
    expect(searchDiagnoses('F', 5)).toHaveLength(5);
    expect(searchDiagnoses('no such words here')).toEqual([]);
  });

  it('labels a diagnosis with its code and description', () => {
    expect(diagnosisLabel(mdd)).toBe('F32.9 Major depressive disorder, single episode, unspecified');
    expect(diagnosisLabel({ code: 'F99' })).toBe('F99');
  });
});
