import { permissionsOf, rolePermissions, type Permission } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.ts';
import { visibleAreas } from './visible-areas.ts';

/** What the session answer carries for a profile with these built-in roles. */
const permissionsOfRoles = (roles: string[]): Permission[] => [...new Set(roles.flatMap((r) => [...rolePermissions(r)]))];
const ids = (permissions: Permission[] | undefined) => visibleAreas(AREAS, permissions && new Set(permissions)).map((a) => a.id);

describe('which feature areas the navigation offers', () => {
  it('offers a practitioner the clinical areas but not administration or document import', () => {
    const shown = ids(permissionsOfRoles(['Practitioner']));
    expect(shown).toEqual(expect.arrayContaining(['dashboard', 'patients', 'notes', 'schedule']));
    expect(shown).not.toContain('administration');
    expect(shown).not.toContain('document-import');
  });

  it('offers an administrator administration and document import', () => {
    expect(ids(permissionsOfRoles(['Administrative']))).toEqual(expect.arrayContaining(['dashboard', 'administration', 'document-import']));
  });

  it('offers the audit trail only to roles that may read AuditEvents', () => {
    expect(ids(permissionsOfRoles(['Administrative']))).toContain('audit-trail');
    for (const role of ['Practitioner', 'Supervisor', 'Quality Assurance', 'Case Management', 'Patient']) {
      expect(ids(permissionsOfRoles([role])), role).not.toContain('audit-trail');
    }
    expect(ids([...permissionsOf(['View audit log'])])).toContain('audit-trail');
  });

  it('offers a patient only what the portal reaches', () => {
    const shown = ids(permissionsOfRoles(['Patient']));
    expect(shown).toEqual(expect.arrayContaining(['dashboard', 'schedule', 'messages', 'forms']));
    expect(shown).not.toContain('notes');
    expect(shown).not.toContain('administration');
  });

  it("unions several roles, follows a practice role's grant sets, and shows everything when permissions are unknown", () => {
    expect(ids(permissionsOfRoles(['Patient', 'Administrative']))).toEqual(expect.arrayContaining(['forms', 'administration']));
    const patientWhoReadsPatients = ids([...permissionsOfRoles(['Patient']), ...permissionsOf(['Read patients'])]);
    expect(patientWhoReadsPatients).toContain('patients');
    expect(ids(undefined)).toHaveLength(AREAS.length);
  });

  it('offers only the areas with no permission needed to someone who holds none', () => {
    expect(ids([])).toEqual(AREAS.filter((a) => !a.anyOf).map((a) => a.id));
  });
});
