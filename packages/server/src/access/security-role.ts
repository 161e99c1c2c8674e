import { AppError, ErrorCodes, MESSAGES, badRequest, canDelegate, isGrantSetName, type Resource } from '@caseload/core';
import { membershipsOf } from '../identity/account-store.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';

/**
 * A practice-defined role is a list of catalogue grant sets. Saving one is delegating those
 * grant sets, so the same rules apply as to giving a user roles: every name must be defined
 * ('GrantSet {name} is not defined.'), the writer must be allowed to delegate each (canDelegate),
 * and nobody may edit a role they hold themselves, which would be changing their own roles.
 */
export const delegableRoleOnly: BeforeWrite = async (tx, ctx, resource: Resource) => {
  if (resource.meta.isDeleted) return;
  const names = resource.grantSets ?? [];
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) {
    throw badRequest('grantSets must be a list of grant set names.');
  }
  names.forEach((name: string, index) => {
    if (!isGrantSetName(name)) {
      throw badRequest(MESSAGES.unknownGrantSet(name), [{ path: `grantSets.${index}`, message: MESSAGES.unknownGrantSet(name) }]);
    }
  });
  const principal = ctx.access.principal;
  const denied = () =>
    new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: 'SecurityRole grants more than the writer may delegate' });
  if (!canDelegate(principal.permissions, names as string[], { associate: principal.kind === 'associate' })) throw denied();
  const own = (await membershipsOf(tx, principal.accountId)).some(
    (m) => m.practiceId === ctx.practiceId && m.roles.includes(`SecurityRole/${resource.id}`),
  );
  if (own) throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: 'Editing a role one holds oneself' });
};
