import { OPTION_TYPES, questionnaireIssues, type QuestionnaireItem } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import {
  GRID_CELL_TYPES,
  addGridColumn,
  moveGridColumn,
  newItem,
  removeGridColumn,
  renameGridColumn,
  setGridColumnType,
} from './builder-items.ts';

const grid = (): QuestionnaireItem => newItem('Grid', []);
const linkIds = (g: QuestionnaireItem) => (g.items ?? []).map((c) => c.linkId);

describe('Grid columns in the builder', () => {
  it('adds String columns with linkIds unused anywhere in the form', () => {
    const g = grid();
    const other: QuestionnaireItem = { linkId: 'h', type: 'Header', items: [{ linkId: `${g.linkId}-c2`, type: 'String' }] };
    const next = addGridColumn(g, [other, g]);
    expect(linkIds(next)).toEqual([`${g.linkId}-c1`, `${g.linkId}-c3`]);
    expect(next.items![1]).toMatchObject({ type: 'String', text: 'Column 2' });
    expect(g.items).toHaveLength(1);
  });

  it('renames a column, an empty name leaving the linkId to show', () => {
    const g = renameGridColumn(grid(), 0, 'Dose');
    expect(g.items![0]!.text).toBe('Dose');
    expect('text' in renameGridColumn(g, 0, '  ').items![0]!).toBe(false);
    expect(renameGridColumn(g, 5, 'x')).toBe(g);
  });

  it('moves columns up and down, clamped at the ends', () => {
    let g = addGridColumn(addGridColumn(grid(), []), []);
    const [a, b, c] = linkIds(g);
    g = moveGridColumn(g, 2, -1);
    expect(linkIds(g)).toEqual([a, c, b]);
    expect(linkIds(moveGridColumn(g, 0, -1))).toEqual([a, c, b]);
    expect(linkIds(moveGridColumn(g, 2, 1))).toEqual([a, c, b]);
    expect(linkIds(moveGridColumn(g, 0, 1))).toEqual([c, a, b]);
  });

  it('removes a column but keeps the last one (a Grid needs a column to publish)', () => {
    const two = addGridColumn(grid(), []);
    const one = removeGridColumn(two, 0);
    expect(linkIds(one)).toEqual([linkIds(two)[1]]);
    expect(removeGridColumn(one, 0)).toBe(one);
    expect(removeGridColumn(two, 9)).toBe(two);
  });

  it('offers only types that hold one answer of their own', () => {
    for (const t of ['Header', 'TextBlock', 'Signature', 'Grid', 'TableReport', 'ServiceEvents'] as const) {
      expect(GRID_CELL_TYPES).not.toContain(t);
      const g = grid();
      expect(setGridColumnType(g, 0, t)).toBe(g);
    }
    expect(GRID_CELL_TYPES).toContain('Choice');
    expect(GRID_CELL_TYPES).toContain('Date');
  });

  it('a column of every cell type publishes, with options added for choices and dropped after', () => {
    let g = grid();
    GRID_CELL_TYPES.forEach((t, i) => {
      if (i > 0) g = addGridColumn(g, []);
      g = setGridColumnType(g, i, t);
    });
    expect(g.items!.map((c) => c.type)).toEqual([...GRID_CELL_TYPES]);
    for (const c of g.items!) expect(Boolean(c.answerOptions?.length)).toBe(OPTION_TYPES.has(c.type));
    expect(questionnaireIssues({ title: 'Grid', status: 'Active', items: [g] }, { publishing: true })).toEqual([]);
    const i = GRID_CELL_TYPES.indexOf('Choice');
    expect(setGridColumnType(g, i, 'Integer').items![i]!.answerOptions).toBeUndefined();
  });
});
