import { randomUUID } from 'node:crypto';
import { assertStorableJson, badRequest, type Resource, type ResourceMeta, type ResourceTypeDefinition } from '@caseload/core';
import type { RepositoryContext } from './repository-context.ts';

/**
 * The next stored version of a resource: the client's fields, with identity, partition, `created`
 * and meta owned by the server. Client-sent meta and `created` are discarded: `created` is the
 * server's time of the first version and stays with every later one (`known.created`), because
 * rules read it (a security token's expiry) and lists sort by it; the time something happened
 * clinically has fields of its own (a session's start, a birth date).
 */
export function buildVersion(
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  input: Record<string, unknown>,
  known: { id: string; created?: string; isDeleted?: boolean; versionId?: string },
): Resource {
  if (input.resourceType !== undefined && input.resourceType !== type.name) {
    throw badRequest(`resourceType must be ${type.name} in the ${type.collection} collection.`);
  }
  const partition = partitionOf(type, input.partition);
  const now = ctx.clock();
  const options = ctx.writeOptions;
  const meta: ResourceMeta = {
    versionId: known.versionId ?? randomUUID(),
    lastModified: now.toISOString(),
    ...(ctx.actor && { lastModifiedBy: ctx.actor }),
    ...(known.isDeleted && { isDeleted: true }),
    ...(options.automation && { automation: options.automation }),
    ...(options.userSystem && { userSystem: options.userSystem }),
    ...(options.sync && { sync: true }),
    ...(options.timeToLiveSeconds !== undefined && {
      expires: new Date(now.getTime() + options.timeToLiveSeconds * 1000).toISOString(),
    }),
  };
  const fields = withoutMeta(input);
  assertStorableJson(fields);
  // Copied and assigned, not rest-and-spread: V8 misses its fast path for an object spread after a
  // rest, and this runs once per write (docs/performance.md, "Node's work per write").
  const resource = fields as Record<string, unknown>;
  resource.id = known.id;
  resource.resourceType = type.name;
  if (partition !== undefined) resource.partition = partition;
  resource.created = known.created ?? now.toISOString();
  resource.meta = meta;
  return resource as Resource;
}

/** A copy of a body's members but `meta` (the server's), each defined as spread would define it. */
function withoutMeta(input: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (key === 'meta') continue;
    // A member named __proto__ stays a member (assignment would set the prototype), so that
    // assertStorableJson refuses it as before.
    if (key === '__proto__')
      Object.defineProperty(fields, key, { value: input[key], enumerable: true, writable: true, configurable: true });
    else fields[key] = input[key];
  }
  return fields;
}

function partitionOf(type: ResourceTypeDefinition, partition: unknown): string | undefined {
  if (!type.partitioned) {
    if (partition !== undefined && partition !== null) {
      throw badRequest(`${type.name} is not patient-partitioned; remove partition.`);
    }
    return undefined;
  }
  if (typeof partition !== 'string' || partition.trim() === '') {
    throw badRequest(`partition (the patient id) is required for ${type.name}.`);
  }
  return partition;
}
