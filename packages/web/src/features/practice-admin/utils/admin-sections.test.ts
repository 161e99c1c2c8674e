import { rolePermissions } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, visibleSections } from './admin-sections.ts';

describe('visibleSections', () => {
  it('offers every section to the Administrative role and when permissions are unknown', () => {
    // Templates are the one exception: "Manage note configuration" does not include NoteTemplate yet
    // (core access/note-grant-sets.ts; practitioners keep theirs with "Manage note templates").
    const administrative = ADMIN_SECTIONS.filter((s) => s.id !== 'note-templates').map((s) => s.id);
    expect(visibleSections(rolePermissions('Administrative')).map((s) => s.id)).toEqual(administrative);
    expect(visibleSections(undefined)).toHaveLength(ADMIN_SECTIONS.length);
  });

  it('leaves out what the role cannot read (a Practitioner reads programs, not security roles)', () => {
    const ids = visibleSections(rolePermissions('Practitioner')).map((s) => s.id);
    expect(ids).toContain('programs');
    expect(ids).not.toContain('roles');
  });

  it('has one path per section', () => {
    expect(new Set(ADMIN_SECTIONS.map((s) => s.path)).size).toBe(ADMIN_SECTIONS.length);
  });
});
