import { can, rolePermissions } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, visibleSections } from './admin-sections.ts';

describe('visibleSections', () => {
  it('offers every section to the Administrative role and when permissions are unknown', () => {
    const administrative = ADMIN_SECTIONS.map((s) => s.id);
    expect(visibleSections(rolePermissions('Administrative')).map((s) => s.id)).toEqual(administrative);
    expect(visibleSections(undefined)).toHaveLength(ADMIN_SECTIONS.length);
  });

  it('leaves out what the role cannot read (a Practitioner reads programs, not security roles)', () => {
    const ids = visibleSections(rolePermissions('Practitioner')).map((s) => s.id);
    expect(ids).toContain('programs');
    expect(ids).not.toContain('roles');
  });

  it('offers packets to those who assemble them, not to those who only send them', () => {
    expect(visibleSections(rolePermissions('Administrative')).map((s) => s.id)).toContain('packets');
    // A Practitioner reads packets (to send them) but holds no survey:ManagePackets.
    const practitioner = rolePermissions('Practitioner');
    expect(can(practitioner, 'Read', 'Packet')).toBe(true);
    expect(visibleSections(practitioner).map((s) => s.id)).not.toContain('packets');
  });

  it('has one path per section', () => {
    expect(new Set(ADMIN_SECTIONS.map((s) => s.path)).size).toBe(ADMIN_SECTIONS.length);
  });
});
