import type { PublishingStatus, Resource } from '@caseload/core';
import { IconArchive, IconRocket } from '@tabler/icons-react';
import type { Lifecycle } from '../../../ui/admin/lifecycle.ts';

/** A configuration record with a publishing status (SPEC.md section 4: Draft, Active, Retired). */
export type PublishableResource = Resource & { name?: string; status?: PublishingStatus };

/** What the list offers on a record: the action's words and the status it sets. */
export interface PublishingAction {
  label: 'Publish' | 'Retire' | 'Publish again';
  to: PublishingStatus;
}

/**
 * The status a record is in; a record that never said counts as Active, as the server reads it
 * (signature configurations: `(status ?? 'Active') === 'Active'`).
 */
export const statusOf = (r: PublishableResource): PublishingStatus => r.status ?? 'Active';

/**
 * The one publishing step a record can take: a draft is published (it starts to apply), an active
 * record is retired (it stops; notes already written keep their reference), a retired one can be
 * published again. Drafts are never retired: they have never applied, so they are edited or left.
 */
export function publishingAction(r: PublishableResource): PublishingAction {
  switch (statusOf(r)) {
    case 'Draft':
      return { label: 'Publish', to: 'Active' };
    case 'Active':
      return { label: 'Retire', to: 'Retired' };
    case 'Retired':
      return { label: 'Publish again', to: 'Active' };
  }
}

/** Badge colours by status. */
export const STATUS_COLORS: Record<PublishingStatus, string> = { Draft: 'yellow', Active: 'green', Retired: 'gray' };

/**
 * The publishing lifecycle of the admin list (`AdminListPanel`): a new record is a draft, which
 * applies to no note until published; each row offers its one publishing step; retired records
 * leave the list unless "Show retired" is on; every row shows its status in a column.
 */
export const PUBLISHING: Lifecycle<PublishableResource> = {
  newRecord: { status: 'Draft' },
  created: 'created as a draft',
  inUse: (r) => statusOf(r) !== 'Retired',
  showAllLabel: 'Show retired',
  badge: (r) => ({ label: statusOf(r), color: STATUS_COLORS[statusOf(r)] }),
  badgeColumn: 'Status',
  step: (r) => {
    const next = publishingAction(r);
    return {
      label: next.label,
      icon: next.to === 'Active' ? IconRocket : IconArchive,
      fields: { status: next.to },
      done: next.to === 'Active' ? 'is published' : 'is retired',
      failed: 'was not changed',
    };
  },
};
