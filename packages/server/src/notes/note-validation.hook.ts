import { NOTE_SCHEMAS, validateWithSchema, type Resource } from '@caseload/core';
// The owner of a personal signature is set by this hook before the schema checks it.
import '../access/owned-records.ts';
import { invalidResource } from '../people/resource-validation.hook.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { registerBeforeWrite } from '../storage/resource-hooks.ts';

/**
 * Checks a notes resource against its core schema (NOTE_SCHEMAS) as it will be stored: strict, so
 * nothing is cast or trimmed. A refusal is a 400 naming every field at fault, in the people
 * schemas' words ("The Note was not saved: visitStatus must be one of the following values: ...").
 */
export function assertNoteSchema(typeName: string, resource: Resource, ctx: RepositoryContext): void {
  const schema = NOTE_SCHEMAS[typeName]!;
  const issues = validateWithSchema(schema, resource, { strict: true, context: { today: ctx.clock().toISOString().slice(0, 10) } });
  if (issues.length > 0) throw invalidResource(typeName, issues);
}

/**
 * The configuration types are checked on every write (POST, PUT, the result of a PATCH, imports).
 * Note and Encounter are checked by their own hooks (note.hooks.ts), after the server fills what
 * it owns. A delete writes a tombstone of the stored body and is not checked again.
 */
for (const typeName of Object.keys(NOTE_SCHEMAS)) {
  if (typeName === 'Note' || typeName === 'Encounter') continue;
  registerBeforeWrite(typeName, async (_tx, ctx, resource) => {
    if (!resource.meta.isDeleted) assertNoteSchema(typeName, resource, ctx);
  });
}
