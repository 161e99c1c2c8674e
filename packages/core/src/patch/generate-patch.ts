import jsonpatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { parsePointer, readOnlyFieldAt } from './apply-patch.ts';

const { applyOperation, compare, deepClone, _areEquals: deepEqual } = jsonpatch;

export type { Operation };

/**
 * The JSON form of a value: what the server stores and the wire carries. Members holding
 * `undefined` disappear and Dates become strings, so "exists" and "equal" mean what they will
 * mean on the server.
 */
function toJson<T>(value: T): T {
  return value === undefined ? value : JSON.parse(JSON.stringify(value));
}

const isEmptyArray = (value: unknown) => Array.isArray(value) && value.length === 0;
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** What a pointer finds in a JSON document: the value, if any, and what kind of parent holds it. */
interface Target {
  exists: boolean;
  value?: unknown;
  /** True when the last segment names an object member (not an array index, not a missing parent). */
  inObject: boolean;
}

function childOf(node: unknown, key: string): { found: boolean; value?: unknown } {
  if (Array.isArray(node)) {
    return ARRAY_INDEX.test(key) && Number(key) < node.length ? { found: true, value: node[Number(key)] } : { found: false };
  }
  if (typeof node === 'object' && node !== null && Object.hasOwn(node, key)) {
    return { found: true, value: (node as Record<string, unknown>)[key] };
  }
  return { found: false };
}

function locate(document: unknown, pointer: string): Target {
  const segments = parsePointer(pointer);
  let parent = document;
  for (const segment of segments.slice(0, -1)) {
    const child = childOf(parent, segment);
    if (!child.found) return { exists: false, inObject: false };
    parent = child.value;
  }
  const inObject = typeof parent === 'object' && parent !== null && !Array.isArray(parent);
  const last = childOf(parent, segments[segments.length - 1] ?? '');
  return { exists: last.found, value: last.value, inObject };
}

/** True when an operation writes or reads the root or a read-only root field. */
function touchesReadOnly(op: Operation): boolean {
  const pointers = op.op === 'move' || op.op === 'copy' ? [op.path, op.from] : [op.path];
  return pointers.some((p) => p === '' || readOnlyFieldAt(p) !== undefined);
}

/** One operation after SPEC.md section 5's rules, or undefined when it is dropped. */
function normalizeOperation(working: unknown, op: Operation): Operation | undefined {
  if (touchesReadOnly(op)) return undefined;
  const target = locate(working, op.path);
  switch (op.op) {
    case 'add':
    case 'replace': {
      const value = toJson(op.value);
      if (target.inObject) {
        // For a member, add and replace differ only in whether it exists, so say which it is.
        // `[]` and "absent" are the same to the writable contract, hence no empty-array adds.
        if (!target.exists) return isEmptyArray(value) ? undefined : { op: 'add', path: op.path, value };
        return deepEqual(target.value, value) ? undefined : { op: 'replace', path: op.path, value };
      }
      // An array index keeps RFC semantics: an add inserts, so it never becomes a replace.
      if (op.op === 'replace' && target.exists && deepEqual(target.value, value)) return undefined;
      return { op: op.op, path: op.path, value } as Operation;
    }
    case 'remove':
      if (!target.exists) return undefined;
      return target.inObject && isEmptyArray(target.value) ? undefined : op;
    default:
      return op;
  }
}

/**
 * Applies SPEC.md section 5's rules to a patch meant for `original`: drops operations on the root
 * or on read-only root fields (`id`, `meta`, `resourceType`, `partition`), empty-array adds and
 * removes of object members, replaces that change nothing and removes of paths that do not
 * exist; an add at a member that already exists becomes a replace, and (our addition, the same
 * rule in reverse) a replace of a member that does not exist becomes an add.
 *
 * Each rule is judged against the document as the earlier kept operations leave it, not the
 * original, so the rules stay right for sequences that touch the same path twice. The empty-array
 * rules apply to object members only: dropping `[]` at an array index would lose an element.
 *
 * @throws JsonPatchError when an operation cannot apply to `original` at all.
 */
export function normalizePatch(original: object, operations: readonly Operation[]): Operation[] {
  let working: unknown = toJson(original);
  const kept: Operation[] = [];
  for (const operation of operations) {
    const op = normalizeOperation(working, operation);
    if (!op) continue;
    kept.push(op);
    // A clone is applied because fast-json-patch inserts values by reference: a later operation
    // writing into the working copy would otherwise rewrite the operation we just kept.
    working = applyOperation(working, deepClone(op), true, true, true).newDocument;
  }
  return kept;
}

/**
 * The RFC 6902 patch that turns `original` into `modified` within the writable contract, as the
 * client sends it for a PATCH. Both are compared in their JSON form (see {@link normalizePatch}
 * for the rules applied), so a Date and its ISO string, or `undefined` and a missing member, do
 * not count as changes.
 */
export function generatePatch(original: object, modified: object): Operation[] {
  const before = toJson(original);
  return normalizePatch(before, compare(before, toJson(modified)));
}
