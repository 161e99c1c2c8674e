import jsonpatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { badRequest } from '../errors/app-error.ts';
import { READ_ONLY_ROOT_FIELDS, type Resource } from '../resources/resource.ts';
import { assertStorableJson } from '../validation/storable-json.ts';
import { cloneJson } from './clone-json.ts';

// The default import is the one shape that works everywhere: under Node's ESM loader the package
// is CommonJS (named imports fail), while bundlers resolve its ESM build.
const { applyOperation, validator, JsonPatchError } = jsonpatch;

/** The names fast-json-patch gives its failures (SPEC.md section 8, "Patch validation errors"). */
export type JsonPatchErrorName = InstanceType<typeof JsonPatchError>['name'];

/**
 * The sentence a client sees for each patch failure, by zero-based operation index. A `Record`
 * over every name, so a failure fast-json-patch adds cannot go unmapped without a compile error.
 */
export const PATCH_MESSAGES: Record<JsonPatchErrorName, (index: number) => string> & {
  readOnlyField: (index: number, field: string) => string;
  wholeDocument: (index: number) => string;
  prototype: (index: number) => string;
} = {
  SEQUENCE_NOT_AN_ARRAY: () => 'A patch must be an array of operations.',
  OPERATION_NOT_AN_OBJECT: (i) => `Patch operation ${i} is not an object.`,
  OPERATION_OP_INVALID: (i) => `Patch operation ${i} has an invalid op; expected add, remove, replace, move, copy or test.`,
  OPERATION_PATH_INVALID: (i) => `Patch operation ${i} has an invalid path.`,
  OPERATION_FROM_REQUIRED: (i) => `Patch operation ${i} requires a from path.`,
  OPERATION_VALUE_REQUIRED: (i) => `Patch operation ${i} requires a value.`,
  OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED: (i) => `Patch operation ${i} has a value that contains undefined.`,
  OPERATION_PATH_CANNOT_ADD: (i) => `Patch operation ${i} cannot add at its path because the parent does not exist.`,
  OPERATION_PATH_UNRESOLVABLE: (i) => `Patch operation ${i} has a path that does not exist.`,
  OPERATION_FROM_UNRESOLVABLE: (i) => `Patch operation ${i} has a from path that does not exist.`,
  OPERATION_PATH_ILLEGAL_ARRAY_INDEX: (i) => `Patch operation ${i} has an illegal array index.`,
  OPERATION_VALUE_OUT_OF_BOUNDS: (i) => `Patch operation ${i} has an array index out of bounds.`,
  TEST_OPERATION_FAILED: (i) => `Patch operation ${i} failed its test.`,
  readOnlyField: (i, field) => `Patch operation ${i} cannot change the read-only field ${field}.`,
  wholeDocument: (i) => `Patch operation ${i} cannot target the whole resource.`,
  prototype: (i) => `Patch operation ${i} cannot change prototype properties.`,
};

/** The six operations of RFC 6902; fast-json-patch also accepts its internal `_get`, we do not. */
const RFC_OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

/** Wider than fast-json-patch's ban (`__proto__`, `constructor/prototype`): no segment may name them. */
const PROTOTYPE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

const READ_ONLY = new Set<string>(READ_ONLY_ROOT_FIELDS);

/** The unescaped segments of a JSON pointer (`/a~1b/c~0d` → `['a/b', 'c~d']`); `''` → `[]`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  // ~1 before ~0, as RFC 6901 says, so `~01` becomes `~1` and not `/`.
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The read-only root field (READ_ONLY_ROOT_FIELDS) a pointer is at or under, if any. */
export function readOnlyFieldAt(pointer: string): string | undefined {
  const first = parsePointer(pointer)[0];
  return first !== undefined && READ_ONLY.has(first) ? first : undefined;
}

/** The pointers an operation touches: its path, and its from when it moves or copies. */
function pointersOf(op: Record<string, unknown>): string[] {
  const pointers = typeof op.path === 'string' ? [op.path] : [];
  if ((op.op === 'move' || op.op === 'copy') && typeof op.from === 'string') pointers.push(op.from);
  return pointers;
}

type Guard = (op: Record<string, unknown>, index: number) => void;

const refusePrototypeChanges: Guard = (op, index) => {
  for (const pointer of pointersOf(op)) {
    if (parsePointer(pointer).some((s) => PROTOTYPE_SEGMENTS.has(s))) {
      throw patchError(PATCH_MESSAGES.prototype(index), index);
    }
  }
};

/** The server owns identity and version metadata, so a client patch may not reach them. */
const refuseReadOnlyFields: Guard = (op, index) => {
  for (const pointer of pointersOf(op)) {
    // The root holds the read-only fields, so replacing, moving or copying it would reach them.
    if (pointer === '') throw patchError(PATCH_MESSAGES.wholeDocument(index), index);
    const field = readOnlyFieldAt(pointer);
    if (field) throw patchError(PATCH_MESSAGES.readOnlyField(index, field), index);
  }
};

function patchError(message: string, index?: number) {
  return badRequest(message, [{ path: index === undefined ? '' : String(index), message }]);
}

/**
 * Applies operations one by one on a deep clone, so the whole patch applies or nothing does and
 * the input is never touched. We loop over `applyOperation` rather than calling `applyPatch`
 * because fast-json-patch reports validation failures with index 0 whatever operation failed.
 */
function applyGuarded(document: unknown, operations: unknown, guards: Guard[]): unknown {
  if (!Array.isArray(operations)) throw patchError(PATCH_MESSAGES.SEQUENCE_NOT_AN_ARRAY(0));
  let working = cloneJson(document);
  operations.forEach((operation: unknown, index) => {
    try {
      // fast-json-patch's validator indexes a table with `op` and throws a bare TypeError when it
      // is not a string (`{"op": {"toString": null}}`): refuse that first.
      const candidate = operation as { op?: unknown } | null;
      if (typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate) && typeof candidate.op !== 'string') {
        throw patchError(PATCH_MESSAGES.OPERATION_OP_INVALID(index), index);
      }
      // Validate before cloning: a JSON clone would silently drop the undefined values it rejects.
      validator(operation as Operation, index);
      const op = operation as Record<string, unknown>;
      if (!RFC_OPS.has(op.op as string)) throw patchError(PATCH_MESSAGES.OPERATION_OP_INVALID(index), index);
      for (const guard of guards) guard(op, index);
      // fast-json-patch checks that every parent on a path is an object except the root itself,
      // and would throw a bare TypeError writing into a scalar document.
      if (op.path !== '' && (typeof working !== 'object' || working === null)) {
        throw patchError(PATCH_MESSAGES.OPERATION_PATH_UNRESOLVABLE(index), index);
      }
      // Cloned because fast-json-patch inserts `value` by reference: a later operation would
      // otherwise mutate the caller's operation objects.
      working = applyOperation(working, cloneJson(op) as Operation, true, true, true, index).newDocument;
    } catch (error) {
      if (error instanceof JsonPatchError) {
        throw patchError(PATCH_MESSAGES[error.name](index), index);
      }
      throw error;
    }
  });
  return working;
}

/**
 * RFC 6902 on any JSON document, without the resource rules (the engine the
 * json-patch-test-suite exercises). Prototype changes are refused. Returns a new document; the
 * input is unchanged whether or not the patch applies.
 *
 * An `add` at a member that already exists replaces it (RFC 6902 4.1, and SPEC.md section 4's
 * "an add at a path that already exists becomes a replace"). An `add` at an existing array index
 * still inserts before it: that is what RFC 6902 requires and the test suite checks, and turning
 * it into a replace would silently overwrite an element the client meant to keep.
 *
 * @throws AppError BadRequest with one issue `{ path: String(index), message }`.
 */
export function applyJsonPatch(document: unknown, operations: unknown): unknown {
  return applyGuarded(document, operations, [refusePrototypeChanges]);
}

/**
 * The server-side PATCH of a resource: {@link applyJsonPatch}, plus refusal of any operation
 * whose path (or from, for move and copy) is the root or at or under a read-only root field
 * (`id`, `meta`, `resourceType`, `partition`). A `test` there is refused too: the contract is
 * that a patch does not name server-owned fields at all.
 */
export function applyResourcePatch(resource: Resource, operations: unknown): Resource {
  // Values the store could not hold, or nesting that would overflow the clone, are refused first.
  assertStorableJson(operations, 'patch');
  return applyGuarded(resource, operations, [refusePrototypeChanges, refuseReadOnlyFields]) as Resource;
}
