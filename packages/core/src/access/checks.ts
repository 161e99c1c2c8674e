import {
  flag,
  isPracticeResourceType,
  parsePermission,
  permission,
  permittedActions,
  type Action,
  type FlagGroup,
  type FlagName,
  type Permission,
} from './permissions.ts';

/**
 * The permission checks: is one permission held, directly or through FullPermissions. Apart from
 * evaluate.ts because they need only the permission vocabulary, not the grant-set catalogue,
 * and the web shell asks them on every screen (docs/performance.md, "Initial JavaScript").
 */

const FULL = flag('administrative', 'FullPermissions');

/** Flags FullPermissions never implies: they reach beyond the practice. */
export function isBeyondPractice(group: FlagGroup, name: string): boolean {
  return group === 'internal' || (group === 'administrative' && name === 'ViewAllPractices');
}

/**
 * May the holder take `action` on `resourceType`? Held explicitly, or implied by FullPermissions
 * for a practice type. An action the type never permits (AuditEvent:Delete) is always refused.
 */
export function can(permissions: ReadonlySet<Permission>, action: Action, resourceType: string): boolean {
  if (!permittedActions(resourceType).includes(action)) return false;
  if (permissions.has(permission(resourceType, action))) return true;
  return permissions.has(FULL) && isPracticeResourceType(resourceType);
}

/** Does the holder have the flag? Held explicitly, or implied by FullPermissions within the practice. */
export function hasFlag<G extends FlagGroup>(permissions: ReadonlySet<Permission>, group: G, name: FlagName<G>): boolean {
  if (permissions.has(flag(group, name))) return true;
  return permissions.has(FULL) && !isBeyondPractice(group, name);
}

/** Is this one permission held, directly or through FullPermissions? Invalid strings never are. */
export function holds(permissions: ReadonlySet<Permission>, value: Permission): boolean {
  const parsed = parsePermission(value);
  if (!parsed) return false;
  return parsed.kind === 'resource'
    ? can(permissions, parsed.action, parsed.resourceType)
    : hasFlag(permissions, parsed.group, parsed.flag);
}
