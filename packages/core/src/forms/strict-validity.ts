import type { AnySchema } from 'yup';
import { NOT_PROVEN, planOf, resolveConditions, resultPasses, type FieldPlan, type Node, type Plan } from './schema-plan.ts';

/**
 * Whether a value passes a yup schema in strict mode, answered without yup's per-field machinery
 * (an options object copied for every field, three callbacks per test, `when` branches rebuilt on
 * every call), which for a valid Patient is most of yup's time; the server checks one on every
 * write (docs/performance.md, "Node's work per write").
 *
 * It walks the schema the way yup's `validateSync(value, { strict: true })` does and runs the very
 * test functions yup would run (type, nullability, optionality, oneOf, each `.test()`), with the
 * `this` a test gets from yup, in the same order, on the schemas yup's own `resolve` makes of
 * `when` conditions (schema-plan.ts). It answers only `true` (yup would find nothing) or `false`
 * (yup may find something): a failing test, a throw, a Promise or a kind of schema it does not know
 * (lazy, tuple, a subclass) all answer false. So a caller that runs yup whenever this says false
 * gets exactly yup's issues, and a `true` is one yup would have given too.
 */
export function passesStrict(schema: AnySchema, value: unknown, context?: Record<string, unknown>): boolean {
  try {
    const root = schema as unknown as Node;
    return nodePasses(root, planOf(root), value, new Position(undefined, undefined, undefined, undefined, undefined, context));
  } catch {
    // yup would throw the same error (or report it as an issue): let it.
    return false;
  }
}

/** An enclosing object and its schema; the chain of them, innermost first, is yup's `from`. */
interface Frame {
  schema: Node;
  value: unknown;
  up: Frame | undefined;
}

type From = { schema: Node; value: unknown }[];

/** yup's `from` array of a chain of frames (built only when a test or condition reads it). */
function fromOf(frame: Frame | undefined): From {
  const from: From = [];
  for (let f = frame; f; f = f.up) from.push({ schema: f.schema, value: f.value });
  return from;
}

/** Where a value sits: its parent, its key or index, and its path (yup's form, built only if read). */
class Position {
  private builtPath: string | undefined;
  constructor(
    private readonly up: Position | undefined,
    readonly key: string | undefined,
    readonly index: number | undefined,
    readonly parent: unknown,
    /** The enclosing objects, innermost first. */
    readonly frame: Frame | undefined,
    readonly context: Record<string, unknown> | undefined,
  ) {}

  /** yup's path: `a.b`, `a[0]`, `a["x.y"]` (asNestedTest). */
  get path(): string {
    if (this.builtPath === undefined) {
      const above = this.up?.path ?? '';
      const key = this.key;
      this.builtPath =
        this.index !== undefined
          ? `${above}[${this.index}]`
          : key === undefined
            ? ''
            : key.includes('.')
              ? `${above}["${key}"]`
              : above
                ? `${above}.${key}`
                : key;
    }
    return this.builtPath;
  }

  /** The options yup hands a node's tests and its `when` conditions (asNestedTest's copy). */
  options(value: unknown, frame: Frame | undefined = this.frame): Record<string, unknown> {
    return {
      strict: true,
      abortEarly: false,
      sync: true,
      context: this.context,
      parent: this.parent,
      value,
      originalValue: value,
      path: this.path,
      from: fromOf(frame),
      key: this.key,
      index: this.index,
    };
  }
}

/**
 * The `this` (and second argument) of a test, with the fields yup's createValidation gives it. A
 * failed test's `createError()` need not say what failed: any error sends the value to yup.
 */
class TestContext {
  type: string | undefined = undefined;
  private builtOptions: Record<string, unknown> | undefined;
  constructor(
    private readonly at: Position,
    /** The frames this node's tests see: its own first, for an object (ObjectSchema._validate). */
    private readonly frame: Frame | undefined,
    readonly originalValue: unknown,
    readonly schema: Node,
  ) {}

  // Most tests read none of these four; they are built when one does.
  get path(): string {
    return this.at.path;
  }

  get parent(): unknown {
    return this.at.parent;
  }

  get from(): From {
    return fromOf(this.frame);
  }

  get options(): Record<string, unknown> {
    return (this.builtOptions ??= this.at.options(this.originalValue, this.frame));
  }

  createError(): unknown {
    return NOT_PROVEN;
  }

  // oneOf's test calls this unbound: `this` is only read for a Ref, whose throw sends the value to yup.
  resolve(item: unknown): unknown {
    const ref = item as { __isYupRef?: boolean; getValue?: (value: unknown, parent: unknown, context: unknown) => unknown } | null;
    return ref?.__isYupRef ? ref.getValue!(this.originalValue, this.at.parent, this.at.context) : item;
  }
}

function nodePasses(given: Node, givenPlan: Plan, value: unknown, at: Position): boolean {
  if (!givenPlan.known) return false;
  const schema = given.conditions.length > 0 ? resolveConditions(given, value, at) : given;
  const plan = schema === given ? givenPlan : planOf(schema);
  if (!plan.known) return false;
  const frame = plan.isObject ? { schema, value, up: at.frame } : at.frame;
  // Stopping at the first failure keeps yup's order: a test runs only where yup would run it.
  let ctx: TestContext | undefined;
  for (const test of plan.tests) {
    const config = test.OPTIONS;
    if (!config) return false;
    if (config.skipAbsent && value == null) continue;
    ctx ??= new TestContext(at, frame, value, schema);
    ctx.type = config.name;
    if (!resultPasses(config.test.call(ctx, value, ctx))) return false;
  }
  if (plan.fields)
    return Object.prototype.toString.call(value) !== '[object Object]' || fieldsPass(plan, value as Record<string, unknown>, at, frame);
  if (plan.items && schema._typeCheck(value)) {
    const items = value as unknown[];
    for (let index = 0; index < items.length; index++) {
      if (!nodePasses(plan.items, plan.itemsPlan!, items[index], new Position(at, undefined, index, items, frame, at.context)))
        return false;
    }
  }
  return true;
}

/** An object's fields, as ObjectSchema._validate walks them after the object's own tests. */
function fieldsPass(plan: Plan, object: Record<string, unknown>, at: Position, frame: Frame | undefined): boolean {
  const proto = Object.getPrototypeOf(object) as unknown;
  if (plan.fieldsByKeys && (proto === Object.prototype || proto === null)) {
    // Most of a resource's fields are absent: walk the keys it has (a for-in reads its values fast),
    // then the few fields whose absence is itself checked.
    for (const key in object) {
      const field = plan.fields!.get(key);
      if (field === undefined || !field.absentPasses) continue;
      const value = object[key];
      if (value !== undefined && !fieldPasses(field, value, object, at, frame)) return false;
    }
    for (const field of plan.checkedWhenAbsent!) if (!fieldPasses(field, object[field.key], object, at, frame)) return false;
    return true;
  }
  for (const field of plan.fields!.values()) {
    const value = object[field.key];
    if (!(value === undefined && field.absentPasses) && !fieldPasses(field, value, object, at, frame)) return false;
  }
  return true;
}

// A function of its own, not a closure per object: closures cost more here than the walk they save.
function fieldPasses(field: FieldPlan, value: unknown, object: Record<string, unknown>, at: Position, frame: Frame | undefined): boolean {
  return nodePasses(field.node, field.plan, value, new Position(at, field.key, undefined, object, frame, at.context));
}
