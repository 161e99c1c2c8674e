import type { CarePlanElement, CarePlanElementKind } from '@caseload/core';

/** One row of the editor's tree: the element, how deep it sits, and its place among its siblings. */
export interface TreeRow {
  element: CarePlanElement;
  depth: number;
  /** Index among the children of the same parent. */
  position: number;
  siblings: number;
}

/** What may be added under an element: a goal takes objectives and interventions, an objective interventions. */
export function childKinds(kind: CarePlanElementKind | undefined): CarePlanElementKind[] {
  if (kind === undefined) return ['Goal'];
  if (kind === 'Goal') return ['Objective', 'Intervention'];
  if (kind === 'Objective') return ['Intervention'];
  return [];
}

/** The children of each parent id ('' for the top), in the list's order. */
function childrenOf(elements: readonly CarePlanElement[]): Map<string, CarePlanElement[]> {
  const ids = new Set(elements.map((e) => e.id));
  const children = new Map<string, CarePlanElement[]>();
  for (const e of elements) {
    // An element whose parent is missing still shows (at the top), so the refusal can be seen beside it.
    const key = e.parent !== undefined && ids.has(e.parent) ? e.parent : '';
    children.set(key, [...(children.get(key) ?? []), e]);
  }
  return children;
}

/** The flat list in the editor's order: each element followed by its subtree (depth first). */
function flatten(children: Map<string, CarePlanElement[]>): CarePlanElement[] {
  const out: CarePlanElement[] = [];
  const visit = (key: string) => {
    for (const e of children.get(key) ?? []) {
      out.push(e);
      visit(e.id);
    }
  };
  visit('');
  return out;
}

/** The rows of the tree, depth first, as the editor and the view show them. */
export function treeRows(elements: readonly CarePlanElement[]): TreeRow[] {
  const children = childrenOf(elements);
  const rows: TreeRow[] = [];
  const visit = (key: string, depth: number) => {
    const list = children.get(key) ?? [];
    list.forEach((element, position) => {
      rows.push({ element, depth, position, siblings: list.length });
      visit(element.id, depth + 1);
    });
  };
  visit('', 0);
  return rows;
}

/**
 * Moves an element to `to` among its siblings (same parent), carrying its subtree; answers the
 * list unchanged when the place is out of range. The result is in tree order.
 */
export function moveAmongSiblings(elements: readonly CarePlanElement[], id: string, to: number): CarePlanElement[] {
  const children = childrenOf(elements);
  const element = elements.find((e) => e.id === id);
  if (!element) return [...elements];
  const key = element.parent !== undefined && elements.some((e) => e.id === element.parent) ? element.parent : '';
  const siblings = [...(children.get(key) ?? [])];
  const from = siblings.findIndex((e) => e.id === id);
  if (from < 0 || to < 0 || to >= siblings.length || to === from) return [...elements];
  siblings.splice(from, 1);
  siblings.splice(to, 0, element);
  children.set(key, siblings);
  return flatten(children);
}

/** A new element's id: short, of the allowed characters, and not yet used in the plan. */
export function newElementId(kind: CarePlanElementKind, elements: readonly CarePlanElement[], random = () => Math.random()): string {
  const prefix = kind === 'Goal' ? 'g' : kind === 'Objective' ? 'o' : 'i';
  for (;;) {
    const id = `${prefix}-${Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, '0')}`;
    if (!elements.some((e) => e.id === id)) return id;
  }
}

/** Adds an element as the last child of `parent` (a goal at the end of the plan when none). */
export function addElement(elements: readonly CarePlanElement[], element: CarePlanElement): CarePlanElement[] {
  const children = childrenOf(elements);
  const key = element.parent ?? '';
  children.set(key, [...(children.get(key) ?? []), element]);
  return flatten(children);
}

/** Removes an element and everything under it. */
export function removeElement(elements: readonly CarePlanElement[], id: string): CarePlanElement[] {
  const gone = new Set([id]);
  // Tree order puts a subtree after its root, so one pass finds every descendant.
  for (const e of flatten(childrenOf(elements))) if (e.parent !== undefined && gone.has(e.parent)) gone.add(e.id);
  return elements.filter((e) => !gone.has(e.id));
}

/** How many elements `removeElement` would remove beneath `id`. */
export function descendantCount(elements: readonly CarePlanElement[], id: string): number {
  return elements.length - removeElement(elements, id).length - 1;
}

/** Replaces one element's fields; a field changed to undefined is removed. */
export function updateElement(elements: readonly CarePlanElement[], id: string, change: Partial<CarePlanElement>): CarePlanElement[] {
  return elements.map((e) => {
    if (e.id !== id) return e;
    const next: Record<string, unknown> = { ...e, ...change };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    return next as unknown as CarePlanElement;
  });
}

/** "Goal 2", "Objective 1.1", "Intervention 1.1.2": where an element sits, for labels and announcements. */
export function elementLabels(elements: readonly CarePlanElement[]): Map<string, string> {
  const labels = new Map<string, string>();
  const numbers = new Map<string, string>();
  for (const row of treeRows(elements)) {
    const parentNumber = row.element.parent !== undefined ? numbers.get(row.element.parent) : undefined;
    const n = parentNumber ? `${parentNumber}.${row.position + 1}` : `${row.position + 1}`;
    numbers.set(row.element.id, n);
    labels.set(row.element.id, `${row.element.kind} ${n}`);
  }
  return labels;
}
