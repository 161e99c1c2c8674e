import { BODY_NOT_OBJECT, FORM_LOCALE, X_MESSAGE, badRequest, notFound, type AppError, type Issue } from '@caseload/core';
import type { FastifySchemaValidationError } from 'fastify';

/** An Ajv error as our validators report it (`verbose`: with the failing schema and value). */
interface SchemaError extends FastifySchemaValidationError {
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

type Part = 'body' | 'params' | 'querystring' | 'headers';

/** `a.0.b` for issues, `a[0].b` for messages: the two forms core's form validation uses. */
function pathsOf(instancePath: string, member?: string): { path: string; label: string } {
  const segments = instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (member !== undefined) segments.push(member);
  const label = segments.reduce((out, s) => (/^\d+$/.test(s) ? `${out}[${s}]` : out ? `${out}.${s}` : s), '');
  return { path: segments.join('.'), label };
}

/** A form message of SPEC.md section 5 (core's FORM_LOCALE) with its `${...}` parts filled in. */
function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(/\$\{(\w+)\}/g, (_all, name: string) => String(values[name] ?? ''));
}

const FORMATS: Record<string, string> = {
  email: FORM_LOCALE.string.email,
  uri: FORM_LOCALE.string.url,
  'date-time': FORM_LOCALE.string.datetime,
};

/** The form message for an error about the value itself (not about a member of it). */
function formMessage(error: SchemaError, label: string): string {
  const p = error.params;
  const values = { ...p, path: label };
  switch (error.keyword) {
    case 'type':
      return p.type === 'integer' && typeof error.data === 'number'
        ? fill(FORM_LOCALE.number.integer, values)
        : fill(FORM_LOCALE.mixed.notType, values);
    case 'enum':
      return fill(FORM_LOCALE.mixed.oneOf, { ...values, values: (p.allowedValues as unknown[]).join(', ') });
    case 'const':
      return fill(FORM_LOCALE.mixed.oneOf, { ...values, values: p.allowedValue });
    case 'minLength':
      return fill(p.limit === 1 ? FORM_LOCALE.mixed.required : FORM_LOCALE.string.min, { ...values, min: p.limit });
    case 'maxLength':
      return fill(FORM_LOCALE.string.max, { ...values, max: p.limit });
    case 'minimum':
      return fill(FORM_LOCALE.number.min, { ...values, min: p.limit });
    case 'maximum':
      return fill(FORM_LOCALE.number.max, { ...values, max: p.limit });
    case 'exclusiveMinimum':
      return fill(FORM_LOCALE.number.moreThan, { ...values, more: p.limit });
    case 'exclusiveMaximum':
      return fill(FORM_LOCALE.number.lessThan, { ...values, less: p.limit });
    case 'minItems':
      return fill(FORM_LOCALE.array.min, { ...values, min: p.limit });
    case 'maxItems':
      return fill(FORM_LOCALE.array.max, { ...values, max: p.limit });
    case 'format':
      return fill(FORMATS[p.format as string] ?? FORM_LOCALE.mixed.default, values);
    default:
      // pattern, anyOf and the rest: the product's one sentence for a value that is not right.
      return fill(FORM_LOCALE.mixed.default, values);
  }
}

const ownMessage = (schema: unknown): string | undefined => {
  const message = (schema as Record<string, unknown> | undefined)?.[X_MESSAGE];
  return typeof message === 'string' ? message : undefined;
};

/** The issue one Ajv error stands for; unknown members are gathered by the caller. */
function issueOf(error: SchemaError): Issue {
  if (error.keyword === 'required') {
    const member = String(error.params.missingProperty);
    const { path, label } = pathsOf(error.instancePath, member);
    const properties = error.parentSchema?.properties as Record<string, unknown> | undefined;
    return { path, message: ownMessage(properties?.[member]) ?? fill(FORM_LOCALE.mixed.required, { path: label }) };
  }
  const { path, label } = pathsOf(error.instancePath);
  const own = ownMessage(error.parentSchema);
  if (own) return { path, message: fill(own, { path: label, value: error.data }) };
  if (path === '' && error.keyword === 'type' && error.params.type === 'object') return { path, message: BODY_NOT_OBJECT };
  return { path, message: formMessage(error, label || 'this') };
}

/** Unknown members, one issue each; the request's own members are named together. */
function unknownMemberIssues(errors: SchemaError[]): Issue[] {
  const byObject = new Map<string, string[]>();
  for (const e of errors) byObject.set(e.instancePath, [...(byObject.get(e.instancePath) ?? []), String(e.params.additionalProperty)]);
  const issues: Issue[] = [];
  for (const [instancePath, members] of byObject) {
    const { label } = pathsOf(instancePath);
    const message = label
      ? fill(FORM_LOCALE.object.noUnknown, { path: label, unknown: members.join(', ') })
      : `Unknown field(s) in the request: ${members.join(', ')}.`;
    for (const member of members) issues.push({ path: pathsOf(instancePath, member).path, message });
  }
  return issues;
}

/**
 * A failed schema check as the product's error (docs/api.md, "Errors"). A path parameter that
 * fails its schema names nothing that could exist: 404, as an unknown id always was. Anything
 * else is a 400 whose `detail` is the first problem and whose `issues` name each member, with
 * core's form messages (SPEC.md section 5) or the schema's own (`x-message`), so a client reads
 * the same words a refusal by the service would have given.
 */
export function schemaValidationError(errors: FastifySchemaValidationError[], part: Part): AppError {
  if (part === 'params') return notFound('the path does not match its schema');
  const all = errors as SchemaError[];
  // A failed anyOf already says the value is wrong; its branches' own complaints add only noise.
  const branches = all
    .filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')
    .map((e) => e.schemaPath.replace(/\/(anyOf|oneOf)$/, '/$1/'));
  const kept = all.filter((e) => !branches.some((prefix) => e.schemaPath.startsWith(prefix)));
  const unknown = unknownMemberIssues(kept.filter((e) => e.keyword === 'additionalProperties'));
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const issue of [...kept.filter((e) => e.keyword !== 'additionalProperties').map(issueOf), ...unknown]) {
    const key = `${issue.path}\u0000${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  const detail = issues[0]?.message ?? fill(FORM_LOCALE.mixed.default, { path: 'The request' });
  const named = issues.filter((i) => i.path !== '');
  return badRequest(detail, named.length ? named : undefined);
}
