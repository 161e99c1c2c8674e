import {
  DisplayVariants,
  OPTION_TYPES,
  PATTERN_TYPES,
  QuestionTypes,
  VARIANT_TYPES,
  flattenItems,
  type DisplayVariant,
  type QuestionType,
  type QuestionnaireItem,
} from '@caseload/core';

/** The list with the entry at `from` moved to `to` (clamped); the same list when nothing moves. */
export function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const out = [...list];
  const [moved] = out.splice(from, 1);
  out.splice(target, 0, moved!);
  return out;
}

/** The display variants that fit a question type (VARIANT_TYPES), in the enumeration's order. */
export function variantsFor(type: QuestionType): DisplayVariant[] {
  return DisplayVariants.filter((v) => VARIANT_TYPES[v].includes(type));
}

/** A linkId not used anywhere in the questionnaire: `q1`, `q2`, … */
export function nextLinkId(items: readonly QuestionnaireItem[], prefix = 'q'): string {
  const used = new Set(flattenItems(items).map((i) => i.linkId));
  for (let n = used.size + 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** A new question of a type, with what it needs to publish (options for choices, rows and a column for a Grid, a range for a Slider). */
export function newItem(type: QuestionType, items: readonly QuestionnaireItem[]): QuestionnaireItem {
  const linkId = nextLinkId(items);
  const item: QuestionnaireItem = { linkId, type, text: type === 'Header' ? 'Section' : `New ${type} question` };
  if (OPTION_TYPES.has(type)) {
    item.answerOptions = [
      { code: 'a', display: 'Option A' },
      { code: 'b', display: 'Option B' },
    ];
  }
  if (type === 'Grid') {
    item.rows = [{ code: 'r1', display: 'Row 1' }];
    item.items = [{ linkId: `${linkId}-c1`, type: 'String', text: 'Column 1' }];
  }
  if (type === 'Header') item.items = [];
  if (type === 'TextBlock') item.text = 'Text shown to the person filling in the form.';
  if (type === 'TableReport') item.report = { source: 'Observations', columns: [{ key: 'display', label: 'Observation' }] };
  return item;
}

/**
 * An item changed to another type: what does not apply to the new type is dropped (a variant
 * that does not fit, options, a pattern), what it needs is added, so a draft never carries
 * settings the server would refuse at publishing.
 */
export function changeType(item: QuestionnaireItem, type: QuestionType): QuestionnaireItem {
  const fresh = newItem(type, []);
  const next: QuestionnaireItem = { ...item, type };
  if (next.variant && !VARIANT_TYPES[next.variant].includes(type)) delete next.variant;
  if (!OPTION_TYPES.has(type)) delete next.answerOptions;
  else if (!next.answerOptions?.length) next.answerOptions = fresh.answerOptions;
  if (!PATTERN_TYPES.has(type)) delete next.pattern;
  if (type === 'Grid') {
    next.rows = item.rows?.length ? item.rows : fresh.rows;
    next.items =
      item.type === 'Grid' && item.items?.length ? item.items : [{ linkId: `${item.linkId}-c1`, type: 'String', text: 'Column 1' }];
  } else {
    delete next.rows;
    if (type !== 'Header') delete next.items;
    else next.items ??= [];
  }
  if (type !== 'Integer' && type !== 'Decimal' && type !== 'Date' && type !== 'DateTime' && type !== 'Time') {
    delete next.min;
    delete next.max;
  }
  if (type === 'TableReport') next.report ??= fresh.report;
  else delete next.report;
  return next;
}

/** Replaces the item with `linkId` anywhere in the tree. */
export function updateItem(
  items: readonly QuestionnaireItem[],
  linkId: string,
  change: (item: QuestionnaireItem) => QuestionnaireItem,
): QuestionnaireItem[] {
  return items.map((item) => {
    if (item.linkId === linkId) return change(item);
    if (item.items && item.type === 'Header') return { ...item, items: updateItem(item.items, linkId, change) };
    return item;
  });
}

/** Finds an item anywhere in the tree. */
export function findItem(items: readonly QuestionnaireItem[], linkId?: string): QuestionnaireItem | undefined {
  for (const i of items) {
    if (i.linkId === linkId) return i;
    const inner = i.type === 'Header' ? findItem(i.items ?? [], linkId) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** The tree without the item with `linkId` (and what it contained). */
export function removeItem(items: readonly QuestionnaireItem[], linkId: string): QuestionnaireItem[] {
  return items
    .filter((i) => i.linkId !== linkId)
    .map((i) => (i.items && i.type === 'Header' ? { ...i, items: removeItem(i.items, linkId) } : i));
}

/** The top-level list with one item moved by `delta` places (the builder moves within a level). */
export function moveItem(items: readonly QuestionnaireItem[], linkId: string, delta: number): QuestionnaireItem[] {
  const index = items.findIndex((i) => i.linkId === linkId);
  if (index !== -1) return moveInList(items, index, index + delta);
  return items.map((i) => (i.items && i.type === 'Header' ? { ...i, items: moveItem(i.items, linkId, delta) } : i));
}

/** Every question (an item that holds an answer) other than `except`: what enableWhen and calculations may name. */
export function answerableQuestions(items: readonly QuestionnaireItem[], except?: string): QuestionnaireItem[] {
  return flattenItems(items).filter((i) => i.linkId !== except && i.type !== 'Header' && i.type !== 'TextBlock' && i.type !== 'Signature');
}

/**
 * The question types a Grid cell may hold: every type that holds one answer of its own. Display
 * items, Signatures (a signature is not an answer), nested Grids and the computed tables
 * (TableReport, ServiceEvents: filled from the chart, a table of their own) are not offered.
 */
export const GRID_CELL_TYPES: readonly QuestionType[] = QuestionTypes.filter(
  (t) => !['Header', 'TextBlock', 'Signature', 'Grid', 'TableReport', 'ServiceEvents'].includes(t),
);

/** Every linkId used in the questionnaire, Grid columns included (they share the one namespace). */
function allLinkIds(items: readonly QuestionnaireItem[]): Set<string> {
  const used = new Set<string>();
  const walk = (list: readonly QuestionnaireItem[] | undefined) => {
    for (const i of list ?? []) {
      used.add(i.linkId);
      walk(i.items);
    }
  };
  walk(items);
  return used;
}

/** The Grid with `columns` as its columns. */
function withColumns(grid: QuestionnaireItem, columns: QuestionnaireItem[]): QuestionnaireItem {
  return { ...grid, items: columns };
}

/** The Grid with a new String column at the end, its linkId `{grid}-c{n}` unused anywhere in `all`. */
export function addGridColumn(grid: QuestionnaireItem, all: readonly QuestionnaireItem[]): QuestionnaireItem {
  const columns = grid.items ?? [];
  const used = allLinkIds([...all, grid]);
  let n = columns.length + 1;
  while (used.has(`${grid.linkId}-c${n}`)) n++;
  return withColumns(grid, [...columns, { linkId: `${grid.linkId}-c${n}`, type: 'String', text: `Column ${columns.length + 1}` }]);
}

/** The Grid with its column at `index` changed by `change`. */
export function updateGridColumn(
  grid: QuestionnaireItem,
  index: number,
  change: (column: QuestionnaireItem) => QuestionnaireItem,
): QuestionnaireItem {
  const columns = grid.items ?? [];
  if (index < 0 || index >= columns.length) return grid;
  return withColumns(
    grid,
    columns.map((c, i) => (i === index ? change(c) : c)),
  );
}

/** The Grid with the column at `index` renamed; an empty name is dropped (the column shows its linkId). */
export function renameGridColumn(grid: QuestionnaireItem, index: number, text: string): QuestionnaireItem {
  return updateGridColumn(grid, index, (c) => {
    const next: QuestionnaireItem = { ...c, text };
    if (text.trim() === '') delete next.text;
    return next;
  });
}

/**
 * The Grid with the column at `index` of another cell type, settings that no longer apply
 * dropped (as `changeType`); a type a cell may not hold changes nothing.
 */
export function setGridColumnType(grid: QuestionnaireItem, index: number, type: QuestionType): QuestionnaireItem {
  if (!GRID_CELL_TYPES.includes(type)) return grid;
  return updateGridColumn(grid, index, (c) => changeType(c, type));
}

/** The Grid with the column at `index` moved by `delta` places (clamped). */
export function moveGridColumn(grid: QuestionnaireItem, index: number, delta: number): QuestionnaireItem {
  const columns = grid.items ?? [];
  if (index < 0 || index >= columns.length) return grid;
  return withColumns(grid, moveInList(columns, index, index + delta));
}

/** The Grid without the column at `index`; its last column is kept, since a Grid needs one to publish. */
export function removeGridColumn(grid: QuestionnaireItem, index: number): QuestionnaireItem {
  const columns = grid.items ?? [];
  if (columns.length <= 1 || index < 0 || index >= columns.length) return grid;
  return withColumns(
    grid,
    columns.filter((_, i) => i !== index),
  );
}
