import { AppError, ErrorCodes, MESSAGES, canonicalJson, type Resource } from '@caseload/core';
import { membershipsOf } from '../identity/account-store.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';

/**
 * The fields of a Practitioner that decide what its account may do: `programs` its patients under
 * the Program population level, `supervisors` who co-signs its notes, `licences` whether a
 * co-signature is owed. Nobody changes them on a profile of their own account (as nobody changes
 * their own roles): a user who may edit practitioners edits everyone's but their own.
 */
const GOVERNING_FIELDS = ['programs', 'supervisors', 'licences'] as const;

/** Practitioner: no change to the governing fields of one's own profile (403). */
export const keepOwnProfileGoverned: BeforeWrite = async (tx, ctx, resource: Resource, previous) => {
  if (!previous || resource.meta.isDeleted) return;
  const changed = GOVERNING_FIELDS.filter((field) => canonicalJson(previous[field] ?? null) !== canonicalJson(resource[field] ?? null));
  if (changed.length === 0) return;
  const accountId = ctx.access.principal.accountId;
  const own = (await membershipsOf(tx, accountId)).some(
    (m) => m.practiceId === ctx.practiceId && m.profileType === 'Practitioner' && m.profileId === resource.id,
  );
  if (own) throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: `Changing ${changed.join(', ')} of one's own profile` });
};
