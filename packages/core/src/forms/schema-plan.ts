import { ArraySchema, BooleanSchema, DateSchema, MixedSchema, NumberSchema, ObjectSchema, StringSchema, ValidationError } from 'yup';

/**
 * What strict-validity.ts needs to know of a yup schema object, worked out once per schema: the
 * tests in yup's order, the fields or items yup descends into, and the `when` conditions' answers
 * already resolved. Reads yup's internals, which its types keep private.
 */

/** The parts of a yup schema the walk reads. */
export interface Node {
  type: string;
  spec: { recursive: boolean };
  conditions: Condition[];
  internalTests: Record<string, Validation | undefined>;
  tests: Validation[];
  fields?: Record<string, Node | { __isYupRef: true }>;
  _nodes?: string[];
  innerType?: Node;
  _typeCheck(value: unknown): boolean;
  resolve(options: Record<string, unknown>): Node;
}

/** A yup test as `createValidation` makes it: the function yup calls, and its configuration. */
export interface Validation {
  OPTIONS?: { name?: string; test: (this: unknown, value: unknown, ctx: unknown) => unknown; skipAbsent?: boolean };
}

/** A `when` as yup keeps it: the references it reads and the function choosing the schema. */
interface Condition {
  refs: { getValue(value: unknown, parent: unknown, context: unknown): unknown }[];
  fn: (...args: unknown[]) => unknown;
}

/** A field of an object schema. */
export interface FieldPlan {
  key: string;
  node: Node;
  /** The field schema's plan (before any `when` of its own is resolved). */
  plan: Plan;
  /** Its value may be left out without a walk (the field's plan's `absentPasses`). */
  absentPasses: boolean;
}

export interface Plan {
  /** One of yup's own schema classes; a subclass may validate differently and is left to yup. */
  known: boolean;
  /** An object schema: its own tests and its fields see it first in `from` (ObjectSchema._validate). */
  isObject: boolean;
  /** Its tests in the order yup runs them: type, nullability, optionality and oneOf first. */
  tests: Validation[];
  /**
   * True when an absent (undefined) value passes with no call: yup's own nullability and
   * optionality tests pass it (they read only the schema's spec, so their answer is kept here) and
   * every other test skips absent values. False for a schema with `when` conditions.
   */
  absentPasses: boolean;
  /** An object's fields (not refs) by key, when yup would descend into them. */
  fields?: Map<string, FieldPlan>;
  /** Of those, the ones an absent value does not pass without a walk (required, conditional ...). */
  checkedWhenAbsent?: FieldPlan[];
  /**
   * No field is named like a member of Object.prototype, so for a plain object the fields present
   * are exactly its enumerable keys and every other field reads undefined, as yup's `parent[key]`.
   */
  fieldsByKeys?: boolean;
  /** An array's item schema and its plan, when yup would descend into the items. */
  items?: Node;
  itemsPlan?: Plan;
}

// Taken once: a named import of a CommonJS module can be a getter on every read once bundled.
const OBJECT = ObjectSchema.prototype as object;
const ARRAY = ArraySchema.prototype as object;
const KNOWN = new Set<object>([
  OBJECT,
  ARRAY,
  StringSchema.prototype,
  NumberSchema.prototype,
  BooleanSchema.prototype,
  MixedSchema.prototype,
  DateSchema.prototype,
]);
const isValidationError = ValidationError.isError.bind(ValidationError);

/** What yup's `createError` would make; any error means "not proven", so one serves for all. */
export const NOT_PROVEN = new ValidationError('not proven');

/** A test's result as createValidation reads it: false or an error fail; a Promise is not proven either. */
export function resultPasses(result: unknown): boolean {
  if (!result) return false;
  if (isValidationError(result)) return false;
  return typeof (result as { then?: unknown }).then !== 'function';
}

const plans = new WeakMap<Node, Plan>();

export function planOf(schema: Node): Plan {
  let plan = plans.get(schema);
  if (plan) return plan;
  const proto = Object.getPrototypeOf(schema) as object;
  if (!KNOWN.has(proto)) {
    // Lazy, tuple, a subclass: never walked, so nothing of it is read.
    plan = { known: false, isObject: false, tests: [], absentPasses: false };
    plans.set(schema, plan);
    return plan;
  }
  const internal = Object.values(schema.internalTests).filter((t): t is Validation => Boolean(t));
  const tests = [...internal, ...schema.tests];
  plan = { known: true, isObject: proto === OBJECT, tests, absentPasses: absentPasses(schema, tests) };
  if (schema.spec.recursive && proto === OBJECT) {
    const fields = schema._nodes!.flatMap((key) => {
      const node = schema.fields![key];
      if (!node || (node as { __isYupRef?: boolean }).__isYupRef) return [];
      const plan = planOf(node as Node);
      return [{ key, node: node as Node, plan, absentPasses: plan.absentPasses }];
    });
    plan.fields = new Map(fields.map((f) => [f.key, f]));
    plan.checkedWhenAbsent = fields.filter((f) => !f.absentPasses);
    plan.fieldsByKeys = fields.every((f) => !(f.key in Object.prototype));
  }
  if (schema.spec.recursive && proto === ARRAY && schema.innerType) {
    plan.items = schema.innerType;
    plan.itemsPlan = planOf(schema.innerType);
  }
  // Kept only once whole: a plan that failed half-way (a throw above) is worked out again, not used.
  plans.set(schema, plan);
  return plan;
}

function absentPasses(schema: Node, tests: Validation[]): boolean {
  if (schema.conditions.length > 0) return false;
  const { nullable, optionality } = schema.internalTests;
  if (!tests.every((t) => t === nullable || t === optionality || t.OPTIONS?.skipAbsent)) return false;
  try {
    // Both read `this.schema.spec` alone; anything else about them and the answer is "not proven".
    const probe = { schema, options: {}, createError: () => NOT_PROVEN };
    return [nullable, optionality].every(
      (t) => !t || (t.OPTIONS !== undefined && resultPasses(t.OPTIONS.test.call(probe, undefined, probe))),
    );
  } catch {
    return false;
  }
}

/**
 * The sibling test of a `requiredWhen`/`unless` condition (forms/custom-rules.ts): its branch
 * depends only on that test's answer, so two values with the same answer resolve alike.
 */
const decidingTests = new WeakMap<object, (...values: unknown[]) => boolean>();

/** Records that `condition` picks its branch by `is(...values)` alone (custom-rules.ts). */
export function registerDecidingTest(condition: object | undefined, is: (...values: unknown[]) => boolean): void {
  if (condition) decidingTests.set(condition, is);
}

/** Where a value sits, as `when` conditions read it (strict-validity.ts's Position). */
export interface ValuePosition {
  parent: unknown;
  context: unknown;
  /** The options yup would hand the conditions for `value`. */
  options(value: unknown): Record<string, unknown>;
}

/** Resolved schemas by the answers of their conditions; a few per schema (a bounded cache). */
const resolvedBy = new WeakMap<Node, Map<string, Node>>();
const MAX_RESOLVED_PER_SCHEMA = 32;

/**
 * `schema.resolve(options)` (its `when` conditions applied), kept per schema by what decides each
 * condition: a registered sibling test's answer, or the referenced values when they are short
 * scalars and the condition's function takes only (values, schema). That rests on conditions being
 * pure functions of those, as yup's `when(keys, { is, then, otherwise })` and the schemas'
 * `when(keys, ([v], s) => ...)` are. Anything else is resolved by yup each time.
 */
export function resolveConditions(schema: Node, value: unknown, at: ValuePosition): Node {
  let key = '';
  for (const condition of schema.conditions) {
    const values: unknown[] = [];
    for (const ref of condition.refs) values.push(ref.getValue(value, at.parent, at.context));
    const is = decidingTests.get(condition);
    const part = is ? (is(...values) ? 'T' : 'F') : condition.fn.length <= 2 ? scalarsKey(values) : undefined;
    if (part === undefined) return schema.resolve(at.options(value));
    key += `${part}|`;
  }
  let cache = resolvedBy.get(schema);
  const known = cache?.get(key);
  if (known) return known;
  const resolved = schema.resolve(at.options(value));
  if (!cache) resolvedBy.set(schema, (cache = new Map()));
  if (cache.size < MAX_RESOLVED_PER_SCHEMA) cache.set(key, resolved);
  return resolved;
}

/** A key for referenced values that are short scalars, or undefined for anything else. */
function scalarsKey(values: unknown[]): string | undefined {
  let key = '';
  for (const v of values) {
    const type = typeof v;
    if (v === null) key += 'null,';
    else if (type === 'undefined' || type === 'boolean') key += `${type}:${String(v)},`;
    else if (type === 'number') key += Object.is(v, -0) ? 'number:-0,' : `number:${String(v)},`;
    else if (type === 'string' && (v as string).length <= 64) key += `string:${JSON.stringify(v)},`;
    else return undefined;
  }
  return key;
}
