import { PRACTICE_ROLES } from '@caseload/core';

/** A role the roles dialog offers: a built-in practice role or one of the practice's SecurityRoles. */
export interface RoleOption {
  /** What `PUT users/{id}/roles` takes: the role's name, or `SecurityRole/{id}`. */
  value: string;
  label: string;
  description?: string;
  grantSets: readonly string[];
  kind: 'built-in' | 'practice';
}

/** The fields of a SecurityRole the dialog reads. */
export interface SecurityRoleLike {
  id: string;
  display?: string;
  name?: string;
  description?: string;
  grantSets?: readonly string[];
  meta?: { isDeleted?: boolean };
}

/** Staff roles only: the Patient role belongs to portal logins, which invites give. */
const STAFF_ROLES = PRACTICE_ROLES.filter((r) => r.name !== 'Patient');

/** The built-in staff roles, then the practice's own roles by name. */
export function roleOptions(securityRoles: readonly SecurityRoleLike[]): RoleOption[] {
  const builtIn: RoleOption[] = STAFF_ROLES.map((r) => ({
    value: r.name,
    label: r.name,
    description: r.description,
    grantSets: r.grantSets,
    kind: 'built-in',
  }));
  const own: RoleOption[] = securityRoles
    .filter((r) => !r.meta?.isDeleted)
    .map((r) => ({
      value: `SecurityRole/${r.id}`,
      label: r.name ?? r.display ?? `Security role ${r.id}`,
      description: r.description,
      grantSets: r.grantSets ?? [],
      kind: 'practice' as const,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [...builtIn, ...own];
}

/** How a role value reads on screen: its name, or the practice role's name, or the raw value. */
export function roleLabel(value: string, options: readonly RoleOption[]): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
