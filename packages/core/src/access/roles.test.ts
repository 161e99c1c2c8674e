import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { can, hasFlag, holdsGrantSet, isAssociateOnlyGrantSet, rolePermissions } from './evaluate.ts';
import { isGrantSetName } from './grant-sets.ts';
import { ASSOCIATE_ROLES, PRACTICE_ROLES, ROLES, getRole, roleGrantSets } from './roles.ts';
import { EXTERNAL_ACCESS_CATEGORIES, INTERNAL_ACCESS_CATEGORIES, STAFF_CATEGORIES, staffAccess } from './staff-categories.ts';

const SPEC_PRACTICE_ROLES = [
  'Patient',
  'Practitioner',
  'Bells',
  'Bells Unity',
  'Supervisor',
  'Administrative',
  'Quality Assurance',
  'Case Management',
  'Non-Prescribing Clinician',
  'Prescribing Clinician',
  'Sandbox',
  'Support',
  'Services',
  'Automation',
  'Scribe',
];
const SPEC_ASSOCIATE_ROLES = ['SysAdmin', 'Administrator', 'Marketing', 'Developer', 'Implementation', 'Product', 'Support', 'User'];

const perms = (name: string, kind: 'practice' | 'associate' = 'practice') => rolePermissions(name, kind);

describe('roles', () => {
  it('has exactly the named roles of the spec', () => {
    expect(PRACTICE_ROLES.map((r) => r.name).sort()).toEqual([...SPEC_PRACTICE_ROLES].sort());
    expect(ASSOCIATE_ROLES.map((r) => r.name).sort()).toEqual([...SPEC_ASSOCIATE_ROLES].sort());
    for (const r of PRACTICE_ROLES) expect(r.kind).toBe('practice');
    for (const r of ASSOCIATE_ROLES) expect(r.kind).toBe('associate');
  });

  it('names only defined grant sets, each once per role', () => {
    for (const r of ROLES) {
      for (const g of r.grantSets) expect(isGrantSetName(g), `${r.name}: ${g}`).toBe(true);
      expect(new Set(r.grantSets).size, r.name).toBe(r.grantSets.length);
    }
  });

  it('keeps associate-only grant sets out of practice roles', () => {
    for (const r of PRACTICE_ROLES) {
      expect(r.grantSets.filter(isAssociateOnlyGrantSet), r.name).toEqual([]);
    }
  });

  it('gives cross-practice reach only to categories with external access, internal flags only to internal ones', () => {
    for (const r of ASSOCIATE_ROLES) {
      const category = r.staffCategory;
      expect(category, r.name).toBeDefined();
      if (!category) continue;
      const p = perms(r.name, 'associate');
      if (hasFlag(p, 'administrative', 'ViewAllPractices')) expect(staffAccess(category).external, r.name).toBe(true);
      if (hasFlag(p, 'internal', 'ManageDatabases') || hasFlag(p, 'internal', 'ManagePreassociations')) {
        expect(staffAccess(category).internal, r.name).toBe(true);
      }
    }
  });

  it('looks roles up by name and kind', () => {
    expect(getRole('Support')?.kind).toBe('practice');
    expect(getRole('Support', 'associate')?.staffCategory).toBe('support');
    expect(roleGrantSets('Scribe')).toContain('Scribe user');
    expect(() => roleGrantSets('Astronaut')).toThrow(AppError);
    expect(() => roleGrantSets('Astronaut')).toThrow('Role Astronaut is not defined.');
  });
});

describe('role defaults', () => {
  it('lets a scribe draft notes but not sign them', () => {
    const p = perms('Scribe');
    expect(can(p, 'Create', 'Note')).toBe(true);
    expect(hasFlag(p, 'administrative', 'Scribe')).toBe(true);
    expect(hasFlag(p, 'clinical', 'SignNote')).toBe(false);
    expect(holdsGrantSet(p, 'Sign notes')).toBe(false);
  });

  it('lets a supervisor co-sign and see supervision', () => {
    const p = perms('Supervisor');
    expect(holdsGrantSet(p, 'Co-sign notes')).toBe(true);
    expect(hasFlag(p, 'clinical', 'Supervision')).toBe(true);
  });

  it('lets quality assurance read notes and edit audits, never clinical content', () => {
    const p = perms('Quality Assurance');
    expect(can(p, 'Read', 'Note')).toBe(true);
    expect(can(p, 'Update', 'ComplianceAudit')).toBe(true);
    expect(can(p, 'Update', 'NoteAudit')).toBe(true);
    for (const type of ['Note', 'Encounter', 'CarePlan', 'Condition', 'Medication', 'Allergy']) {
      expect(can(p, 'Update', type), type).toBe(false);
      expect(can(p, 'Create', type), type).toBe(false);
    }
  });

  it('lets administrative staff run the practice but not read or write notes', () => {
    const p = perms('Administrative');
    for (const type of ['Practitioner', 'Program', 'Location', 'PracticePreferences']) expect(can(p, 'Update', type), type).toBe(true);
    expect(can(p, 'Read', 'Note')).toBe(false);
    expect(hasFlag(p, 'clinical', 'Note')).toBe(false);
  });

  it('lets only the prescribing clinician add medications', () => {
    expect(can(perms('Prescribing Clinician'), 'Create', 'Medication')).toBe(true);
    expect(can(perms('Non-Prescribing Clinician'), 'Create', 'Medication')).toBe(false);
    expect(can(perms('Non-Prescribing Clinician'), 'Read', 'Medication')).toBe(true);
  });

  it('keeps integration roles narrow', () => {
    for (const name of ['Bells', 'Bells Unity', 'Automation']) {
      const p = perms(name);
      expect(can(p, 'Update', 'Note'), name).toBe(false);
      expect(hasFlag(p, 'administrative', 'FullPermissions'), name).toBe(false);
      expect(can(p, 'Update', 'Practitioner'), name).toBe(false);
    }
    expect(can(perms('Bells Unity'), 'Create', 'Appointment')).toBe(true);
    expect(can(perms('Bells'), 'Create', 'Appointment')).toBe(false);
  });

  it('gives the associate SysAdmin every practice and database provisioning, marketing nothing clinical', () => {
    const sys = perms('SysAdmin', 'associate');
    expect(hasFlag(sys, 'administrative', 'ViewAllPractices')).toBe(true);
    expect(hasFlag(sys, 'internal', 'ManageDatabases')).toBe(true);
    expect(hasFlag(perms('Administrator', 'associate'), 'internal', 'ManageDatabases')).toBe(false);
    const marketing = perms('Marketing', 'associate');
    expect([...marketing].filter((p) => !p.startsWith('Announcement:') && !p.startsWith('Personal'))).toEqual([]);
  });

  it('gives a patient nothing but the portal', () => {
    expect(roleGrantSets('Patient')).toEqual(['Patient portal self']);
  });
});

describe('staff categories', () => {
  it('are the spec lists', () => {
    expect(STAFF_CATEGORIES).toHaveLength(10);
    expect([...EXTERNAL_ACCESS_CATEGORIES].sort()).toEqual(['administrator', 'implementation', 'support', 'sysadmin']);
    expect(INTERNAL_ACCESS_CATEGORIES).toHaveLength(7);
    expect(staffAccess('marketing')).toEqual({ external: false, internal: false });
    expect(staffAccess('developer')).toEqual({ external: false, internal: true });
  });
});
