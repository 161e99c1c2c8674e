import { hasFlag, type Action, type FlagGroup, type Permission, type Reference, type Resource } from '@caseload/core';
import type { BeforeWrite } from '../storage/resource-hooks.ts';

/**
 * Records that belong to one user rather than to the practice: which field names the owner, and
 * when the owner rule applies. A flag lifts it for the users whose job is everyone's records.
 */
interface OwnedRecord {
  field: 'owner' | 'recipient';
  /** Reads of others' records are fine (a co-signer's signature prints on a note); writes are not. */
  readableByAll?: boolean;
  liftedBy?: { group: FlagGroup; flag: string };
}

const OWNED: Record<string, OwnedRecord> = {
  SecurityToken: { field: 'owner', liftedBy: { group: 'administrative', flag: 'SecurityTokenManagement' } },
  Notification: { field: 'recipient', liftedBy: { group: 'administrative', flag: 'AccessAllNotifications' } },
  PersonalPreferences: { field: 'owner' },
  PersonalSignature: { field: 'owner', readableByAll: true },
};

/**
 * The jsonpath a row must match to be the actor's own, or undefined when the type is not owned,
 * the action is an allowed read of others' records, or the caller's flag lifts the rule.
 */
export function ownerPath(typeName: string, action: Action, actor: Reference, permissions: ReadonlySet<Permission>): string | undefined {
  const owned = OWNED[typeName];
  if (!owned) return undefined;
  if (owned.readableByAll && action === 'Read') return undefined;
  if (owned.liftedBy && hasFlag(permissions, owned.liftedBy.group, owned.liftedBy.flag as never)) return undefined;
  return `$.${owned.field} ? (@.resourceType == ${JSON.stringify(actor.resourceType)} && @.id == ${JSON.stringify(actor.id)})`;
}

/**
 * The server sets the owner of personal records: whoever creates one owns it, and an update can
 * never hand it to someone else (nobody plants preferences or a signature in another's name).
 */
export const setOwner: BeforeWrite = async (_tx, ctx, resource: Resource, previous) => {
  resource.owner = (previous?.owner as Reference | undefined) ?? ctx.actor;
};

/** A notification's recipient is set when it is sent; an update cannot readdress it. */
export const keepRecipient: BeforeWrite = async (_tx, _ctx, resource: Resource, previous) => {
  if (previous && previous.recipient !== undefined) resource.recipient = previous.recipient;
};
