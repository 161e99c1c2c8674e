import type { Resource, ResourceTypeDefinition } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from './repository-context.ts';

/**
 * Type-specific rules run inside the write transaction just before a version is stored; they may
 * adjust the version or throw an AppError to refuse it.
 */
export type BeforeWrite = (
  tx: Queryable,
  ctx: RepositoryContext,
  resource: Resource,
  previous: Resource | undefined,
) => Promise<void>;

const hooks = new Map<string, BeforeWrite[]>();

export function registerBeforeWrite(typeName: string, hook: BeforeWrite): void {
  hooks.set(typeName, [...(hooks.get(typeName) ?? []), hook]);
}

export async function beforeWrite(
  tx: Queryable,
  ctx: RepositoryContext,
  type: ResourceTypeDefinition,
  resource: Resource,
  previous: Resource | undefined,
): Promise<void> {
  for (const hook of hooks.get(type.name) ?? []) await hook(tx, ctx, resource, previous);
}
