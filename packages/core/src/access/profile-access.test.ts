import { describe, expect, it } from 'vitest';
import { rolePermissions } from './evaluate.ts';
import { portalSubjectOf, profileCan, type ProfileAccess } from './profile-access.ts';

const staff = (role: string): ProfileAccess => ({ permissions: rolePermissions(role) });

describe('what a profile may do, as a screen decides what to offer', () => {
  it('follows the roles of a staff profile: a Practitioner reads charts but changes none of their records', () => {
    const practitioner = staff('Practitioner');
    for (const type of ['Patient', 'RelatedPerson', 'Allergy', 'EpisodeOfCare', 'Coverage', 'Consent']) {
      expect(profileCan(practitioner, 'Read', type), type).toBe(true);
      for (const action of ['Create', 'Update', 'Delete'] as const)
        expect(profileCan(practitioner, action, type), `${action} ${type}`).toBe(false);
    }
    expect(profileCan(practitioner, 'Create', 'Note')).toBe(true);
    expect(profileCan(staff('Case Management'), 'Update', 'Patient')).toBe(true);
  });

  it('follows the portal table for a portal login, whatever its grant sets say', () => {
    // Even a portal login that also held a staff role reaches only what the portal table lists.
    const patient: ProfileAccess = { permissions: rolePermissions('Administrative'), portal: 'Patient' };
    expect(profileCan(patient, 'Create', 'Patient')).toBe(false);
    expect(profileCan(patient, 'Create', 'Location')).toBe(false);
    expect(profileCan(patient, 'Create', 'QuestionnaireResponse')).toBe(true);
    expect(profileCan(patient, 'Read', 'RelatedPerson')).toBe(true);
    expect(profileCan(patient, 'Update', 'RelatedPerson', ['telecom'])).toBe(false);
  });

  it('lets a portal update touch only the fields the portal table lists', () => {
    const patient: ProfileAccess = { permissions: new Set(), portal: 'Patient' };
    expect(profileCan(patient, 'Update', 'Patient', ['telecom'])).toBe(true);
    expect(profileCan(patient, 'Update', 'Patient', ['telecom', 'names'])).toBe(false);
    // Unnamed fields may be any field: refused where the table limits them.
    expect(profileCan(patient, 'Update', 'Patient')).toBe(false);
    // A type without a field list is updated whole.
    expect(profileCan(patient, 'Update', 'QuestionnaireResponse')).toBe(true);
  });

  it('knows a portal login by its profile reference', () => {
    expect(portalSubjectOf('Patient/p1')).toBe('Patient');
    expect(portalSubjectOf('RelatedPerson/r1')).toBe('RelatedPerson');
    expect(portalSubjectOf('Practitioner/x')).toBeUndefined();
    expect(portalSubjectOf(undefined)).toBeUndefined();
  });
});
