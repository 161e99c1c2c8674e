import { describe, expect, it } from 'vitest';
import { PreparedFamily, prepared } from './database.ts';

describe('PreparedFamily', () => {
  it('prepares its first texts by the same names as `prepared`, and runs the rest unprepared', () => {
    const family = new PreparedFamily(2);
    const a = family.statement('SELECT 1 AS family_a');
    const b = family.statement('SELECT 1 AS family_b');
    expect(a).toEqual(prepared('SELECT 1 AS family_a'));
    expect(b).toMatchObject({ name: expect.stringMatching(/^s_/), text: 'SELECT 1 AS family_b' });
    expect(family.statement('SELECT 1 AS family_c')).toBe('SELECT 1 AS family_c');
    // A text already in the family stays prepared after the budget is spent.
    expect(family.statement('SELECT 1 AS family_a')).toEqual(a);
  });
});
