import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import {
  can,
  canDelegate,
  effectivePopulationLevel,
  hasFlag,
  rolePermissions,
  holds,
  holdsGrantSet,
  isAssociateOnlyGrantSet,
  isAssociateOnlyPermission,
  permissionsOf,
} from './evaluate.ts';
import { getGrantSet } from './grant-sets.ts';
import type { Permission } from './permissions.ts';

const set = (...p: Permission[]) => new Set<Permission>(p);
const full = set('administrative:FullPermissions:Allow');

describe('permissionsOf', () => {
  it('is the union of the grant sets', () => {
    const p = permissionsOf(['Read notes', 'Sign notes']);
    for (const x of [...getGrantSet('Read notes').permissions, ...getGrantSet('Sign notes').permissions]) expect(p.has(x)).toBe(true);
    expect(p.size).toBe(new Set([...getGrantSet('Read notes').permissions, ...getGrantSet('Sign notes').permissions]).size);
    expect(permissionsOf([]).size).toBe(0);
  });

  it('fails on an unknown grant set', () => {
    expect(() => permissionsOf(['Read notes', 'Nope'])).toThrow(AppError);
    expect(() => permissionsOf(['Nope'])).toThrow('GrantSet Nope is not defined.');
  });
});

describe('holdsGrantSet', () => {
  it('holds a grant set only when all its permissions are held', () => {
    const sign = getGrantSet('Sign notes').permissions;
    expect(holdsGrantSet(set(...sign), 'Sign notes')).toBe(true);
    expect(holdsGrantSet(set(...sign.slice(1)), 'Sign notes')).toBe(false);
    expect(holdsGrantSet(permissionsOf(['Manage notes', 'Read notes']), 'Sign notes')).toBe(false);
  });

  it('holds a grant set reached through a union of others', () => {
    // Read care plans is covered in full by Manage care plans.
    expect(holdsGrantSet(permissionsOf(['Manage care plans']), 'Read care plans')).toBe(true);
  });

  it('holds every practice grant set under FullPermissions, but not the cross-practice ones', () => {
    expect(holdsGrantSet(full, 'Manage notes')).toBe(true);
    expect(holdsGrantSet(full, 'View audit log')).toBe(true);
    expect(holdsGrantSet(full, 'View all practices')).toBe(false);
    expect(holdsGrantSet(full, 'Manage databases')).toBe(false);
    expect(holdsGrantSet(full, 'Manage announcements')).toBe(false);
  });
});

describe('can and hasFlag', () => {
  it('answers from explicit permissions', () => {
    const p = set('Note:Read', 'clinical:Note:Allow');
    expect(can(p, 'Read', 'Note')).toBe(true);
    expect(can(p, 'Update', 'Note')).toBe(false);
    expect(can(p, 'Read', 'Encounter')).toBe(false);
    expect(hasFlag(p, 'clinical', 'Note')).toBe(true);
    expect(hasFlag(p, 'clinical', 'SignNote')).toBe(false);
  });

  it('lets FullPermissions imply everything within the practice', () => {
    expect(can(full, 'Delete', 'Note')).toBe(true);
    expect(can(full, 'Read', 'AuditEvent')).toBe(true);
    expect(hasFlag(full, 'administrative', 'CanManageUsers')).toBe(true);
    expect(hasFlag(full, 'clinical', 'PatientPopulationAll')).toBe(true);
  });

  it('keeps FullPermissions within the practice', () => {
    expect(hasFlag(full, 'administrative', 'ViewAllPractices')).toBe(false);
    expect(hasFlag(full, 'internal', 'ManageDatabases')).toBe(false);
    expect(can(full, 'Create', 'Announcement')).toBe(false);
    expect(can(full, 'Read', 'KeyVault')).toBe(false);
  });

  it('never allows an action a type does not permit, nor an unknown type', () => {
    const forged = set('AuditEvent:Delete' as Permission, 'AuditEvent:Update' as Permission);
    expect(can(forged, 'Delete', 'AuditEvent')).toBe(false);
    expect(can(full, 'Update', 'AuditEvent')).toBe(false);
    expect(can(full, 'Create', 'GrantSet')).toBe(false);
    expect(can(full, 'Delete', 'PracticePreferences')).toBe(false);
    expect(can(full, 'Read', 'Nope')).toBe(false);
  });

  it('holds single permissions, and never invalid ones', () => {
    expect(holds(set('Note:Read'), 'Note:Read')).toBe(true);
    expect(holds(full, 'survey:Metrics:Allow')).toBe(true);
    expect(holds(full, 'Nope:Read')).toBe(false);
  });
});

describe('population', () => {
  it('is All with PatientPopulationAll, else the practice level', () => {
    expect(effectivePopulationLevel(set('clinical:PatientPopulationAll:Allow'), 'CareTeam')).toBe('All');
    expect(effectivePopulationLevel(set('Note:Read'), 'CareTeam')).toBe('CareTeam');
    expect(effectivePopulationLevel(set(), 'Program')).toBe('Program');
    expect(effectivePopulationLevel(full, 'Program')).toBe('All');
  });
});

describe('associate-only permissions and delegation', () => {
  it('marks what reaches beyond the practice', () => {
    expect(isAssociateOnlyPermission('administrative:ViewAllPractices:Allow')).toBe(true);
    expect(isAssociateOnlyPermission('internal:ManageDatabases:Allow')).toBe(true);
    expect(isAssociateOnlyPermission('Announcement:Create')).toBe(true);
    expect(isAssociateOnlyPermission('KeyVault:Read')).toBe(true);
    expect(isAssociateOnlyPermission('Announcement:Read')).toBe(false);
    expect(isAssociateOnlyPermission('administrative:FullPermissions:Allow')).toBe(false);
    expect(isAssociateOnlyGrantSet('Manage databases')).toBe(true);
    expect(isAssociateOnlyGrantSet('Full permissions')).toBe(false);
  });

  it('delegates only grant sets held in full, and associate-only ones only between associates', () => {
    const admin = permissionsOf(['Manage users', 'Assign roles', 'Read notes']);
    expect(canDelegate(admin, ['Read notes'], { associate: false })).toBe(true);
    expect(canDelegate(admin, ['Read notes', 'Sign notes'], { associate: false })).toBe(false);
    expect(canDelegate(full, ['Manage notes', 'Email reports'], { associate: false })).toBe(true);
    const sys = permissionsOf(['Full permissions', 'View all practices', 'Manage databases']);
    expect(canDelegate(sys, ['Manage databases'], { associate: false })).toBe(false);
    expect(canDelegate(sys, ['Manage databases'], { associate: true })).toBe(true);
  });

  it('lets a role manager hand out any practice grant set, but never an associate-only one', () => {
    const manager = rolePermissions('Administrative');
    expect(hasFlag(manager, 'administrative', 'RoleManagement')).toBe(true);
    expect(holdsGrantSet(manager, 'Sign notes')).toBe(false);
    expect(canDelegate(manager, ['Sign notes', 'Read notes'], { associate: false })).toBe(true);
    expect(canDelegate(manager, ['Manage databases'], { associate: false })).toBe(false);
    // Full permissions only from someone who holds it.
    expect(canDelegate(manager, ['Full permissions'], { associate: false })).toBe(false);
    expect(canDelegate(permissionsOf(['Full permissions']), ['Full permissions'], { associate: false })).toBe(true);
  });
});
