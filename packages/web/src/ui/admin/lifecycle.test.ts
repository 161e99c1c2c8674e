import { describe, expect, it } from 'vitest';
import { ACTIVE_OR_INACTIVE } from './lifecycle.ts';
import { draftOf, type NamedResource } from './list-view.ts';

const item = (extra: Partial<NamedResource> = {}): NamedResource => ({
  resourceType: 'Program',
  id: '1',
  name: 'Youth',
  meta: { versionId: 'v', lastModified: '' },
  ...extra,
});

describe('the active-or-inactive lifecycle of set-up records', () => {
  it('deactivates an active record and reactivates an inactive one, by `active`', () => {
    expect(ACTIVE_OR_INACTIVE.step(item())).toMatchObject({ label: 'Deactivate', fields: { active: false }, done: 'deactivated' });
    expect(ACTIVE_OR_INACTIVE.step(item({ active: false }))).toMatchObject({
      label: 'Reactivate',
      fields: { active: true },
      failed: 'was not reactivated',
    });
  });

  it('badges only inactive records, beside the name', () => {
    expect(ACTIVE_OR_INACTIVE.badge(item())).toBeUndefined();
    expect(ACTIVE_OR_INACTIVE.badge(item({ active: false }))).toEqual({ label: 'Inactive', color: 'gray' });
    expect(ACTIVE_OR_INACTIVE.badgeColumn).toBeUndefined();
  });

  it('starts a new record active, and another lifecycle can start it otherwise', () => {
    expect(draftOf('Program', undefined, { name: 'New' }, ACTIVE_OR_INACTIVE.newRecord)).toMatchObject({ active: true, name: 'New' });
    expect(draftOf('NoteRule', undefined, { name: 'Rule' }, { status: 'Draft' })).toEqual({
      resourceType: 'NoteRule',
      status: 'Draft',
      name: 'Rule',
      display: 'Rule',
    });
  });
});
