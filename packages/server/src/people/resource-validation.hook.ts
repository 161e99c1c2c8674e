import { RESOURCE_SCHEMAS, getResourceType, invalidResource, validateWithSchema, type Issue, type Resource } from '@caseload/core';
import type { BeforeWrite } from '../storage/resource-hooks.ts';

/**
 * A chart record's `patient` is the patient whose partition holds it: the server writes it from
 * the partition when it is left out, and refuses one that names another patient (a record filed
 * in one chart that says it belongs to another is a safety problem, not a typo).
 */
export function settlePatient(resource: Resource): Issue | undefined {
  const patient = resource.patient as { resourceType?: unknown; id?: unknown } | undefined;
  if (patient === undefined || patient === null) {
    resource.patient = { resourceType: 'Patient', id: resource.partition };
    return undefined;
  }
  if (typeof patient === 'object' && patient.resourceType === 'Patient' && patient.id === resource.partition) return undefined;
  return { path: 'patient', message: 'patient must be the patient whose chart holds this record (its partition).' };
}

/**
 * A set-up record's `name` and `display` are one thing (the display hook copies name to display).
 * A client that only knows `display` (generic tools, older clients) names the record by it: a
 * body without a name takes its display, and an edit that changes only the display renames it.
 */
function settleName(resource: Resource, previous: Resource | undefined): void {
  if (typeof resource.display !== 'string') return;
  const unnamed = resource.name === undefined || resource.name === null;
  const renamedByDisplay = previous !== undefined && resource.display !== previous.display && resource.name === previous.name;
  if (unnamed || renamedByDisplay) resource.name = resource.display;
}

/**
 * Checks a people or practice set-up resource against its core schema inside the write
 * transaction, so no write path (POST, PUT, PATCH, imports, the demo) can store one a form would
 * refuse. Strict: the body is checked as it will be stored, nothing is cast or trimmed. A delete
 * writes a tombstone of the stored body and is not checked again.
 */
export function validateWith(typeName: string): BeforeWrite {
  const schema = RESOURCE_SCHEMAS[typeName]!;
  const hasPatient = getResourceType(typeName)?.partitioned === true && 'patient' in schema.fields;
  const hasName = 'name' in schema.fields && typeName !== 'Medication';
  return async (_tx, ctx, resource: Resource, previous) => {
    if (resource.meta.isDeleted) return;
    if (hasName) settleName(resource, previous);
    const patientIssue = hasPatient ? settlePatient(resource) : undefined;
    if (patientIssue) throw invalidResource(typeName, [patientIssue]);
    const issues = validateWithSchema(schema, resource, { strict: true, context: { today: ctx.clock().toISOString().slice(0, 10) } });
    if (issues.length > 0) throw invalidResource(typeName, issues);
  };
}
