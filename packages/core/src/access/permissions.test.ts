import { describe, expect, it } from 'vitest';
import { RESOURCE_TYPES } from '../resources/registry.ts';
import {
  ALL_FLAG_PERMISSIONS,
  FLAG_GROUPS,
  PERMISSION_RESOURCE_TYPES,
  flag,
  isPermission,
  isPracticeResourceType,
  parsePermission,
  permittedActions,
} from './permissions.ts';
import { FLAGS, flagDescription } from './flag-descriptions.ts';

// SPEC.md section 6, copied here so a flag dropped from FLAGS fails loudly.
const SPEC_FLAGS = (
  'AccessAllNotifications, CanEditComplianceAudit, CanEditNoteAudit, CanEmailReports, CanInviteUsers, ' +
  'CanManageUsers, CanModifyRoles, CanViewAuditReviews, CanViewPermission, ClinicalConfiguration, ' +
  'FullPermissions, ManageItineraries, ModifyNonPracticeDistribution, RoleManagement, Scribe, ' +
  'SecurityTokenManagement, ViewAllPractices, HealthHistory, Note, PatientPopulationAll, QualityAssurance, ' +
  'Supervision, CanCreateChannel, CanMessagePatients, CanMessageStaff, CanManageSchedules, ViewScheduler, Metrics'
).split(', ');
const SPEC_GROUPS = ['administrative', 'clinical', 'internal', 'messaging', 'scheduler', 'survey'];

const groupsOf = (name: string) => FLAG_GROUPS.filter((g) => flagDescription(g, name) !== undefined);

describe('flags', () => {
  it('has exactly the six groups of the spec', () => {
    expect([...FLAG_GROUPS].sort()).toEqual(SPEC_GROUPS);
  });

  it('has every flag the spec names, each in exactly one group', () => {
    for (const name of SPEC_FLAGS) expect(groupsOf(name), name).toHaveLength(1);
  });

  it('has the flags the product adds', () => {
    expect(groupsOf('ViewAuditLog')).toEqual(['administrative']);
    expect(groupsOf('MergePatients')).toEqual(['administrative']);
    expect(groupsOf('ImportCda')).toEqual(['administrative']);
    expect(groupsOf('ManageDatabases')).toEqual(['internal']);
    expect(groupsOf('ManageForms')).toEqual(['survey']);
    expect(groupsOf('ManagePackets')).toEqual(['survey']);
  });

  it('gives every flag a description and lists each flag permission once', () => {
    for (const group of FLAG_GROUPS) {
      for (const [name, text] of Object.entries(FLAGS[group])) expect(text.length, `${group}:${name}`).toBeGreaterThan(10);
    }
    expect(new Set(ALL_FLAG_PERMISSIONS).size).toBe(ALL_FLAG_PERMISSIONS.length);
    expect(ALL_FLAG_PERMISSIONS).toContain('clinical:Note:Allow');
  });

  it('builds flag permissions', () => {
    expect(flag('administrative', 'CanManageUsers')).toBe('administrative:CanManageUsers:Allow');
    expect(flag('survey', 'Metrics')).toBe('survey:Metrics:Allow');
  });
});

describe('resource types and actions', () => {
  it('names every registry type and AuditEvent, once', () => {
    for (const t of RESOURCE_TYPES) expect(PERMISSION_RESOURCE_TYPES).toContain(t.name);
    expect(PERMISSION_RESOURCE_TYPES).toContain('AuditEvent');
    expect(new Set(PERMISSION_RESOURCE_TYPES).size).toBe(PERMISSION_RESOURCE_TYPES.length);
  });

  it('permits only reading the audit trail and the grant-set catalogue', () => {
    expect(permittedActions('AuditEvent')).toEqual(['Read']);
    expect(permittedActions('GrantSet')).toEqual(['Read']);
  });

  it('drops Delete where the registry never deletes', () => {
    expect(permittedActions('PracticePreferences')).toEqual(['Create', 'Read', 'Update']);
    expect(permittedActions('KeyVault')).not.toContain('Delete');
    expect(permittedActions('Note')).toEqual(['Create', 'Read', 'Update', 'Delete']);
    expect(permittedActions('Nope')).toEqual([]);
  });

  it('tells practice types from global ones', () => {
    expect(isPracticeResourceType('Note')).toBe(true);
    expect(isPracticeResourceType('AuditEvent')).toBe(true);
    expect(isPracticeResourceType('Announcement')).toBe(false);
    expect(isPracticeResourceType('Nope')).toBe(false);
  });
});

describe('parsePermission', () => {
  it('parses resource permissions and flags', () => {
    expect(parsePermission('Note:Read')).toEqual({ kind: 'resource', resourceType: 'Note', action: 'Read' });
    expect(parsePermission('Announcement:Create')).toEqual({ kind: 'resource', resourceType: 'Announcement', action: 'Create' });
    expect(parsePermission('messaging:CanMessageStaff:Allow')).toEqual({ kind: 'flag', group: 'messaging', flag: 'CanMessageStaff' });
  });

  it.each([
    'Note',
    'Note:Write',
    'Notes:Read',
    'note:Read',
    'AuditEvent:Delete',
    'AuditEvent:Update',
    'GrantSet:Create',
    'PracticePreferences:Delete',
    'clinical:Note',
    'clinical:Note:Deny',
    'clinical:CanManageUsers:Allow',
    'other:Note:Allow',
    'administrative:FullPermissions:Allow:x',
    '',
    ':Read',
    'constructor:Read',
    'administrative:constructor:Allow',
    '__proto__:toString:Allow',
  ])('refuses %j', (value) => {
    expect(parsePermission(value)).toBeUndefined();
    expect(isPermission(value)).toBe(false);
  });
});
