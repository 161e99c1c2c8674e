import { NOTE_SCHEMAS, invalidResource, validateWithSchema, type Resource } from '@caseload/core';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';

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
export function noteSchemaOf(typeName: string): BeforeWrite {
  return async (_tx, ctx, resource) => {
    if (!resource.meta.isDeleted) assertNoteSchema(typeName, resource, ctx);
  };
}

/** The notes configuration types (their own schema, nothing the server fills first). */
export const NOTE_CONFIGURATION_TYPES = Object.keys(NOTE_SCHEMAS).filter((t) => t !== 'Note' && t !== 'Encounter');
