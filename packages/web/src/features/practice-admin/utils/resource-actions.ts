import { can, type Permission } from '@caseload/core';

/** What the admin screens offer on one resource type. */
export interface ResourceActions {
  create: boolean;
  /** Edit, and deactivate or reactivate (both are an update of `active`). */
  update: boolean;
}

/**
 * The actions to offer on `resourceType`. Unknown permissions (a practice-defined role, whose grant
 * sets live in the practice's data) offer every action: the server decides each call and its
 * refusal is shown, and hiding a permitted action would be worse than offering one it refuses.
 */
export function resourceActions(permissions: ReadonlySet<Permission> | undefined, resourceType: string): ResourceActions {
  if (!permissions) return { create: true, update: true };
  return { create: can(permissions, 'Create', resourceType), update: can(permissions, 'Update', resourceType) };
}
