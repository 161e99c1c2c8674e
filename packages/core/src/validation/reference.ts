import { badRequest, type Issue } from '../errors/app-error.ts';
import type { Reference } from '../resources/resource.ts';

/**
 * Reference messages. `required` and `invalid` are SPEC.md section 5's form wording
 * ('{path} is a required field', '{path} is invalid.'); the system message is ours.
 */
export const REFERENCE_MESSAGES = {
  invalidSystem: (system: unknown) =>
    `"${String(system)}" is an invalid reference system; expected two non-blank parts, such as "practices/abc".`,
  required: (path: string) => `${path} is a required field`,
  invalid: (path: string) => `${path} is invalid.`,
} as const;

const isBlank = (s: string) => s.trim() === '';

/**
 * Checks a reference system: exactly two non-blank parts separated by '/', such as
 * `Practitioner/123` or `practices/abc`. Like every validator here it throws, so services can
 * compose validators without collecting results.
 *
 * @param path Where the system sits in the request, for the issue's `path`.
 * @throws AppError BadRequest with one issue at `path`.
 */
export function validateReferenceSystem(system: unknown, path = 'system'): asserts system is string {
  const parts = typeof system === 'string' ? system.split('/') : [];
  if (parts.length !== 2 || parts.some(isBlank)) {
    const message = REFERENCE_MESSAGES.invalidSystem(system);
    throw badRequest(message, [{ path, message }]);
  }
}

const REQUIRED = ['id', 'resourceType'] as const;
const OPTIONAL = ['display', 'partition', 'versionId'] as const;

/** The problems with one field of a reference, by its dotted path. */
function fieldIssues(ref: Record<string, unknown>, path: string): Issue[] {
  const issues: Issue[] = [];
  for (const key of REQUIRED) {
    const value = ref[key];
    const at = `${path}.${key}`;
    if (value === undefined || value === null || value === '') {
      issues.push({ path: at, message: REFERENCE_MESSAGES.required(at) });
    } else if (typeof value !== 'string' || isBlank(value)) {
      issues.push({ path: at, message: REFERENCE_MESSAGES.invalid(at) });
    }
  }
  for (const key of OPTIONAL) {
    const at = `${path}.${key}`;
    if (ref[key] !== undefined && typeof ref[key] !== 'string') {
      issues.push({ path: at, message: REFERENCE_MESSAGES.invalid(at) });
    }
  }
  return issues;
}

/**
 * Checks the shape of a Reference: non-blank string `id` and `resourceType`; `display`,
 * `partition` and `versionId` strings when present. Other members (`resource`,
 * `expansionError`) are the server's and are not checked here.
 *
 * @param path Where the reference sits in the request (`encounter`, `participants.0.individual`).
 * @throws AppError BadRequest '{path} is invalid.' listing every problem in `issues`.
 */
export function validateReference(value: unknown, path = 'reference'): asserts value is Reference {
  const issues =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? fieldIssues(value as Record<string, unknown>, path)
      : [{ path, message: REFERENCE_MESSAGES.invalid(path) }];
  if (issues.length > 0) throw badRequest(REFERENCE_MESSAGES.invalid(path), issues);
}
