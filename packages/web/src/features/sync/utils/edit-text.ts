import type { Resource } from '@caseload/core';
import { fieldChanges, type FailedUpsert } from '../../../data/index.ts';
import { fieldLabel } from './field-label.ts';

/** An edit to say in words: a refused one (FailedUpsert) or one waiting to be sent (QueuedEdit). */
export type EditRecord = Pick<FailedUpsert, 'operation' | 'item' | 'changes' | 'madeAt'>;

/** One value of an edit, in words: "Phone 1" and what the user typed there. */
export interface EditLine {
  label: string;
  /** What the user typed, or for a value they removed, what it was. */
  value: string;
  removed: boolean;
}

const WHAT: Record<FailedUpsert['operation'], string> = { upsert: 'Edit', upload: 'Upload', delete: 'Delete' };

/** "RelatedPerson" → "related person". */
const typeWords = (type: string) => type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const displayOf = (item: Resource) => (typeof item.display === 'string' && item.display.trim() ? item.display : undefined);

/** A short name for the item: its display, or its type and the start of its id. */
export function describeItem(item: Resource): string {
  return displayOf(item) ?? `${item.resourceType || 'Item'}${item.id ? ` ${item.id.slice(0, 8)}` : ''}`;
}

/** What the write was: "Edit of related person: Rose Quill", "New note: …", "Delete of allergy 0123abcd". */
export function editTitle(edit: EditRecord): string {
  const type = typeWords(edit.item.resourceType || 'item');
  const isNew = edit.operation === 'upsert' && !edit.item.meta?.versionId;
  const what = isNew ? `New ${type}` : `${WHAT[edit.operation]} of ${type}`;
  const display = displayOf(edit.item);
  return display ? `${what}: ${display}` : `${what}${edit.item.id ? ` ${edit.item.id.slice(0, 8)}` : ''}`;
}

/**
 * The values of an edit, in words: what that edit changed (every field of a new item),
 * or for a record kept before edits recorded their changes, every field of the item. A refused
 * delete or upload has none: the item is as it was.
 */
export function editLines(edit: EditRecord): EditLine[] {
  if (edit.operation !== 'upsert') return [];
  const changes = edit.changes ?? fieldChanges(undefined, edit.item);
  return changes.map((c) => ({
    label: fieldLabel(c.path, edit.item),
    value: c.after || c.before,
    removed: !c.after,
  }));
}

const lineText = (line: EditLine) => `${line.label}: ${line.removed ? `removed (was ${line.value})` : line.value}`;

/** Why a refused edit was not saved: the server's words. */
export const refusalReason = (failure: FailedUpsert) => failure.detail ?? `The server answered ${failure.status}.`;

/**
 * The whole edit as plain text for the clipboard: what it was, where it stands ("Not saved: …",
 * "Waiting to be sent"), when it was made, and the values, one "Field: value" a line, so the user
 * can paste it somewhere safe.
 */
export function editText(edit: EditRecord, standing: string, formatTime: (ms: number) => string): string {
  return [
    editTitle(edit),
    standing,
    ...(edit.madeAt !== undefined ? [`Made ${formatTime(edit.madeAt)}`] : []),
    ...editLines(edit).map(lineText),
  ].join('\n');
}

/**
 * The refused edits in the order to read them: the latest refusals first, an item's edits
 * together and in the order they were made.
 */
export function orderFailures(failed: readonly FailedUpsert[]): FailedUpsert[] {
  const latest = new Map<string, number>();
  for (const f of failed) {
    const key = `${f.collection}/${f.id}`;
    latest.set(key, Math.max(latest.get(key) ?? 0, f.lastAttempt));
  }
  const keyOf = (f: FailedUpsert) => `${f.collection}/${f.id}`;
  return [...failed].sort(
    (a, b) =>
      latest.get(keyOf(b))! - latest.get(keyOf(a))! ||
      keyOf(a).localeCompare(keyOf(b)) ||
      (a.seq ?? a.madeAt ?? a.lastAttempt) - (b.seq ?? b.madeAt ?? b.lastAttempt),
  );
}

/**
 * Where each refused edit stands among its item's (by hash): "2 of 3" tells apart edits of one
 * item refused together. Items with one refused edit have none.
 */
export function editPositions(ordered: readonly FailedUpsert[]): Map<string, { n: number; of: number }> {
  const byItem = new Map<string, FailedUpsert[]>();
  for (const f of ordered) {
    const edits = byItem.get(`${f.collection}/${f.id}`);
    if (edits) edits.push(f);
    else byItem.set(`${f.collection}/${f.id}`, [f]);
  }
  const positions = new Map<string, { n: number; of: number }>();
  for (const edits of byItem.values()) if (edits.length > 1) edits.forEach((f, i) => positions.set(f.hash, { n: i + 1, of: edits.length }));
  return positions;
}

/**
 * The user's refused edit put back on top of the server's current copy: their fields, the
 * server's version, so the save is an ordinary edit of the latest version rather than another
 * conflict. Only ever done when the user asks (it replaces the other writer's fields).
 */
export function restoredEdit(current: Resource | undefined, failed: Resource): Resource {
  return current ? { ...failed, meta: current.meta } : failed;
}
