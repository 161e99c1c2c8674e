import { OPTION_TYPES, QuestionTypes, VARIANT_TYPES, questionnaireIssues, type QuestionnaireItem } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { changeType, findItem, moveInList, moveItem, newItem, nextLinkId, removeItem, updateItem, variantsFor } from './builder-items.ts';

describe('builder items', () => {
  it('moves within a list, clamped at the ends', () => {
    expect(moveInList(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveInList(['a', 'b', 'c'], 2, -1)).toEqual(['c', 'a', 'b']);
    expect(moveInList(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('finds an item inside a section as well as at the top', () => {
    const inner = { ...newItem('String', []), linkId: 'inner' };
    const items = [
      { ...newItem('Header', []), linkId: 'h', items: [inner] },
      { ...newItem('Integer', []), linkId: 'top' },
    ];
    expect(findItem(items, 'top')?.linkId).toBe('top');
    expect(findItem(items, 'inner')).toEqual(inner);
    expect(findItem(items, 'missing')).toBeUndefined();
    expect(findItem(items, undefined)).toBeUndefined();
  });

  it('offers only the variants that fit a type', () => {
    for (const type of QuestionTypes) for (const v of variantsFor(type)) expect(VARIANT_TYPES[v]).toContain(type);
    expect(variantsFor('Boolean').sort()).toEqual(['Thumbs', 'ToggleButton']);
    expect(variantsFor('Date')).toEqual([]);
  });

  it('adds a question of every type that can be published as it is', () => {
    const items: QuestionnaireItem[] = [];
    for (const type of QuestionTypes) items.push(newItem(type, items));
    expect(new Set(items.map((i) => i.linkId)).size).toBe(items.length);
    expect(questionnaireIssues({ title: 'All', status: 'Active', items }, { publishing: true })).toEqual([]);
  });

  it('changing type drops what no longer applies and adds what is needed', () => {
    const choice = { ...newItem('Choice', []), variant: 'Dropdown' as const, pattern: 'x' };
    const asText = changeType(choice, 'Integer');
    expect(asText.answerOptions).toBeUndefined();
    expect(asText.variant).toBeUndefined();
    expect(asText.pattern).toBeUndefined();
    const back = changeType(asText, 'Ranking');
    expect(OPTION_TYPES.has(back.type) && back.answerOptions?.length).toBe(2);
    expect(changeType(newItem('String', []), 'Grid').rows).toHaveLength(1);
  });

  it('updates, moves and removes items inside sections', () => {
    const items: QuestionnaireItem[] = [
      {
        linkId: 'h',
        type: 'Header',
        items: [
          { linkId: 'a', type: 'String' },
          { linkId: 'b', type: 'String' },
        ],
      },
      { linkId: 'c', type: 'String' },
    ];
    expect(updateItem(items, 'b', (i) => ({ ...i, text: 'B' }))[0]!.items![1]!.text).toBe('B');
    expect(moveItem(items, 'b', -1)[0]!.items!.map((i) => i.linkId)).toEqual(['b', 'a']);
    expect(removeItem(items, 'a')[0]!.items!.map((i) => i.linkId)).toEqual(['b']);
    expect(nextLinkId(items)).toBe('q5');
  });
});
