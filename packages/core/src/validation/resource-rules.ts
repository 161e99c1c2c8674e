import { badRequest } from '../errors/app-error.ts';
import { MESSAGES } from '../errors/messages.ts';
import { getResourceType } from '../resources/registry.ts';

/** The parts of a resource body these rules read; request bodies are checked before typing. */
export interface ResourceIdentity {
  id?: unknown;
  meta?: unknown;
}

/** An id counts as given unless absent, null or ''; clients send all three for "no id yet". */
function hasId(resource: ResourceIdentity): boolean {
  return resource.id !== undefined && resource.id !== null && resource.id !== '';
}

/**
 * Refuses to create a resource that already has an id: the server assigns ids on create, and
 * an id here means the client meant an update (SPEC.md section 5).
 *
 * @throws AppError BadRequest MESSAGES.createWithId, issue at `id`.
 */
export function assertCreatable(resource: ResourceIdentity): void {
  if (hasId(resource)) {
    throw badRequest(MESSAGES.createWithId, [{ path: 'id', message: MESSAGES.createWithId }]);
  }
}

/**
 * Refuses to update a resource without an id, or one that had transformations (such as
 * exclusions) applied when read: saving it would write the transformed copy over the real one.
 *
 * @throws AppError BadRequest MESSAGES.updateWithoutId or MESSAGES.updateTransformed.
 */
export function assertUpdatable(resource: ResourceIdentity): void {
  if (!hasId(resource)) {
    throw badRequest(MESSAGES.updateWithoutId, [{ path: 'id', message: MESSAGES.updateWithoutId }]);
  }
  const meta = resource.meta as { hasTransformations?: unknown } | null | undefined;
  if (meta?.hasTransformations === true) {
    throw badRequest(MESSAGES.updateTransformed, [{ path: 'meta.hasTransformations', message: MESSAGES.updateTransformed }]);
  }
}

/**
 * Checks `?expand=` names against the type's configured expandables (registry.ts). An unknown
 * type has none, so any name fails for it.
 *
 * @throws AppError BadRequest naming the first unknown name, with an issue `expand.{i}` for each.
 */
export function validateExpand(typeName: string, names: readonly string[]): void {
  const expandables = new Set(getResourceType(typeName)?.expandables ?? []);
  const issues = names.flatMap((name, i) =>
    expandables.has(name) ? [] : [{ path: `expand.${i}`, message: MESSAGES.unknownExpandable(name, typeName) }],
  );
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
}
