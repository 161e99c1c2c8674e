import type { CarePlanElement } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { addElement, descendantCount, elementLabels, moveAmongSiblings, newElementId, removeElement, treeRows } from './plan-tree.ts';

const plan: CarePlanElement[] = [
  { id: 'g1', kind: 'Goal', text: 'Sleep' },
  { id: 'o1', kind: 'Objective', parent: 'g1', text: 'Bed by 11' },
  { id: 'i1', kind: 'Intervention', parent: 'o1', text: 'Sleep diary' },
  { id: 'g2', kind: 'Goal', text: 'Mood' },
  { id: 'i2', kind: 'Intervention', parent: 'g2', text: 'CBT' },
];
const ids = (list: CarePlanElement[]) => list.map((e) => e.id);

describe('the care-plan tree', () => {
  it('lists rows depth first with their depth and place among siblings', () => {
    expect(treeRows(plan).map((r) => [r.element.id, r.depth, r.position, r.siblings])).toEqual([
      ['g1', 0, 0, 2],
      ['o1', 1, 0, 1],
      ['i1', 2, 0, 1],
      ['g2', 0, 1, 2],
      ['i2', 1, 0, 1],
    ]);
  });

  it('moves a goal with its whole subtree among the goals', () => {
    expect(ids(moveAmongSiblings(plan, 'g2', 0))).toEqual(['g2', 'i2', 'g1', 'o1', 'i1']);
    expect(ids(moveAmongSiblings(plan, 'g1', 1))).toEqual(['g2', 'i2', 'g1', 'o1', 'i1']);
  });

  it('moves a child only among the children of its parent, and not out of range', () => {
    const more = addElement(plan, { id: 'o2', kind: 'Objective', parent: 'g1', text: 'Wind down' });
    expect(ids(more)).toEqual(['g1', 'o1', 'i1', 'o2', 'g2', 'i2']);
    expect(ids(moveAmongSiblings(more, 'o2', 0))).toEqual(['g1', 'o2', 'o1', 'i1', 'g2', 'i2']);
    expect(ids(moveAmongSiblings(more, 'o1', -1))).toEqual(ids(more));
    expect(ids(moveAmongSiblings(more, 'o2', 2))).toEqual(ids(more));
  });

  it('removes an element with everything beneath it', () => {
    expect(ids(removeElement(plan, 'g1'))).toEqual(['g2', 'i2']);
    expect(descendantCount(plan, 'g1')).toBe(2);
    expect(descendantCount(plan, 'i2')).toBe(0);
  });

  it('numbers elements by where they sit', () => {
    const labels = elementLabels(plan);
    expect(labels.get('i1')).toBe('Intervention 1.1.1');
    expect(labels.get('g2')).toBe('Goal 2');
    expect(labels.get('i2')).toBe('Intervention 2.1');
  });

  it('makes ids of the allowed characters, never one in use', () => {
    const id = newElementId('Goal', plan);
    expect(id).toMatch(/^g-[a-z0-9]{6}$/);
    let n = 0;
    const taken = [{ id: 'g-000000', kind: 'Goal' as const, text: '' }];
    expect(newElementId('Goal', taken, () => (n++ === 0 ? 0 : 0.5))).not.toBe('g-000000');
  });

  it('shows an element whose parent is missing at the top, so its refusal can be seen', () => {
    const broken: CarePlanElement[] = [{ id: 'o9', kind: 'Objective', parent: 'gone', text: 'x' }];
    expect(treeRows(broken).map((r) => r.depth)).toEqual([0]);
  });
});
