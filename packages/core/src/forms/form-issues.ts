import { ValidationError, type AnySchema } from 'yup';
import type { Issue } from '../errors/app-error.ts';
import { passesStrict } from './strict-validity.ts';

/** yup's `names[0].family` as the dotted issue path the API and forms use (`names.0.family`). */
export function issuePath(path: string | undefined): string {
  if (!path) return '';
  return path
    .replace(/\[(?:"([^"]*)"|(\d+))\]/g, (_m, key: string | undefined, index: string | undefined) => `.${key ?? index}`)
    .replace(/^\./, '');
}

/** Every problem of a yup ValidationError, one issue per failed test, in yup's order. */
export function issuesOf(error: ValidationError): Issue[] {
  const inner = error.inner.length > 0 ? error.inner : [error];
  return inner.map((e) => ({ path: issuePath(e.path), message: e.message }));
}

/**
 * The problems of `value` against `schema`; empty when it is valid. `strict` (the server's way)
 * checks the value as it is, with no casting or trimming, so what is stored is what was checked.
 * `context` reaches the schemas' tests (e.g. `today` for dates that may not be in the future).
 * A strict check first asks `passesStrict`, which proves most valid values valid at a fraction of
 * yup's cost; yup itself runs (and says what is wrong) whenever it cannot.
 */
export function validateWithSchema(
  schema: AnySchema,
  value: unknown,
  options: { strict?: boolean; context?: Record<string, unknown> } = {},
): Issue[] {
  if (options.strict && passesStrict(schema, value, options.context)) return [];
  try {
    schema.validateSync(value, { abortEarly: false, strict: options.strict ?? false, context: options.context });
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return issuesOf(error);
    throw error;
  }
}
