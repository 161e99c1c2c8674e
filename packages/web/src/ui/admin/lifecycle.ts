import { IconPlayerPause, IconPlayerPlay, type Icon } from '@tabler/icons-react';
import { isActive, type NamedResource } from './list-view.ts';

/** The one step a list row offers someone who may update it, and what the notices say of it. */
export interface LifecycleStep {
  /** The button's words before the record's name: "Deactivate", "Publish again". */
  label: string;
  icon: Icon;
  /** The fields the step sets over the stored record. */
  fields: Record<string, unknown>;
  /** After the record's name once saved: "deactivated", "is published". */
  done: string;
  /** After the record's name when refused: "was not deactivated". */
  failed: string;
}

/** A row's status, as a badge. */
export interface LifecycleBadge {
  label: string;
  color: string;
}

/**
 * How an admin list's records go in and out of use (docs/administration.md). Set-up records are
 * deactivated and reactivated; note configuration is published and retired (docs/notes.md). The
 * list (`AdminListPanel`) is the same for both; only this part differs.
 */
export interface Lifecycle<T extends NamedResource> {
  /** The fields a new record starts with (active; or a draft, which applies to nothing yet). */
  newRecord: Record<string, unknown>;
  /** What the notice says a new record became: "created", "created as a draft". */
  created: string;
  /** Records in use; the others are listed only while the switch is on. */
  inUse(item: T): boolean;
  /** The switch that lists the others too: "Show inactive". */
  showAllLabel: string;
  /** The row's badge, if any. */
  badge(item: T): LifecycleBadge | undefined;
  /** A column header puts the badge in a column of its own; without one it sits beside the name. */
  badgeColumn?: string;
  step(item: T): LifecycleStep;
}

/** Practice set-up: deactivate, not delete, and reactivate (`active`); only inactive rows get a badge. */
export const ACTIVE_OR_INACTIVE: Lifecycle<NamedResource> = {
  newRecord: { active: true },
  created: 'created',
  inUse: isActive,
  showAllLabel: 'Show inactive',
  badge: (item) => (isActive(item) ? undefined : { label: 'Inactive', color: 'gray' }),
  step: (item) =>
    isActive(item)
      ? { label: 'Deactivate', icon: IconPlayerPause, fields: { active: false }, done: 'deactivated', failed: 'was not deactivated' }
      : { label: 'Reactivate', icon: IconPlayerPlay, fields: { active: true }, done: 'reactivated', failed: 'was not reactivated' },
};
