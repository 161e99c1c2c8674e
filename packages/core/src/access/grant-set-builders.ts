/*
 * The builders are marked free of side effects (`#__NO_SIDE_EFFECTS__`, which Rolldown and other
 * bundlers honour), so a bundle that imports the permission checks but never reads the grant-set
 * catalogue (the web shell) drops the catalogue's data instead of keeping every call that builds it.
 */
import { permission, permittedActions, type Action, type Permission } from './permissions.ts';

/** A named bundle of permissions for one job; roles are built from these (SPEC.md section 6). */
export interface GrantSet {
  name: string;
  description: string;
  permissions: readonly Permission[];
}

/** A part of the catalogue, for documentation: the grant sets of one area of the product. */
export interface GrantSetArea {
  area: string;
  grantSets: readonly GrantSet[];
}

/** `Read` on each type. */
export const read = /*#__NO_SIDE_EFFECTS__*/ (...types: string[]): Permission[] => types.map((t) => permission(t, 'Read'));

/** `Create`, `Read` and `Update` on each type: work with records without deleting them. */
export const write = /*#__NO_SIDE_EFFECTS__*/ (...types: string[]): Permission[] =>
  types.flatMap((t) => (['Create', 'Read', 'Update'] as const).map((a) => permission(t, a)));

/** Every action permitted on each type (no Delete where the API never deletes). */
export const manage = /*#__NO_SIDE_EFFECTS__*/ (...types: string[]): Permission[] =>
  types.flatMap((t) => permittedActions(t).map((a) => permission(t, a)));

/** The named actions on one type. */
export const only = /*#__NO_SIDE_EFFECTS__*/ (type: string, ...actions: Action[]): Permission[] => actions.map((a) => permission(type, a));

/** A grant set from its name, description and permissions (flattened, duplicates dropped). */
/*#__NO_SIDE_EFFECTS__*/
export function grantSet(name: string, description: string, ...permissions: (Permission | Permission[])[]): GrantSet {
  return { name, description, permissions: [...new Set(permissions.flat())] };
}
