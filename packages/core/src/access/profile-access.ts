import { can } from './checks.ts';
import type { Action, Permission } from './permissions.ts';
import { portalAccess, type PortalSubject } from './portal.ts';

/**
 * What one acting profile may do, as a client knows it from the session answer: the permissions
 * its roles give, and for a portal login (a patient, or a related person) which kind it is, since
 * the portal table decides a portal login's reach whatever its grant sets hold (docs/access.md,
 * "Portal access"). The same decision the server's access policy takes, made where there is no
 * server to ask: what a screen offers. The server still checks every call.
 */
export interface ProfileAccess {
  permissions: ReadonlySet<Permission>;
  portal?: PortalSubject;
}

/** The kind of portal login a profile reference (`Patient/123`) is, if any. */
export function portalSubjectOf(profile: string | undefined): PortalSubject | undefined {
  const type = profile?.split('/')[0];
  return type === 'Patient' || type === 'RelatedPerson' ? type : undefined;
}

/**
 * May the profile take `action` on `resourceType`? `fields`, for an update, names the top-level
 * fields it changes: a portal login may update only the fields its portal table lists, so an
 * update of unnamed fields (a whole record) is refused wherever such a list applies.
 */
export function profileCan(access: ProfileAccess, action: Action, resourceType: string, fields?: readonly string[]): boolean {
  if (!access.portal) return can(access.permissions, action, resourceType);
  const reach = portalAccess(access.portal, resourceType);
  if (!reach?.actions.includes(action)) return false;
  const allowed = reach.updatableFields;
  if (action !== 'Update' || !allowed) return true;
  return fields !== undefined && fields.every((f) => allowed.includes(f));
}
