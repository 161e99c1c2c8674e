import { describe, expect, it } from 'vitest';
import { AppError, ErrorCodes } from '../errors/app-error.ts';
import { GRANT_SETS, GRANT_SET_AREAS, getGrantSet, isGrantSetName } from './grant-sets.ts';
import { ALL_FLAG_PERMISSIONS, PERMISSION_RESOURCE_TYPES, isPermission, permission, permittedActions } from './permissions.ts';

const allPermissions = new Set(GRANT_SETS.flatMap((g) => g.permissions));

describe('grant-set catalogue', () => {
  it('has about seventy grant sets with unique names', () => {
    expect(GRANT_SETS.length).toBeGreaterThanOrEqual(65);
    const names = GRANT_SETS.map((g) => g.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has the grant sets the spec and the issue name', () => {
    for (const name of [
      'Read patients',
      'Manage users',
      'Manage notes',
      'Merge patients',
      'Import CDA',
      'Scribe user',
      'View quality assurance',
      'View supervision',
      'Manage programs',
      'Invite users',
      'Manage roles',
      'Sign notes',
      'Co-sign notes',
      'Read notes',
      'Manage note configuration',
      'Edit compliance audits',
      'Edit note audits',
      'Manage locations',
      'Manage services',
      'Manage practice preferences',
      'Read practice preferences',
      'Manage care plans',
      'Read care plans',
      'Manage appointments',
      'View scheduler',
      'Manage schedules',
      'Message staff',
      'Message patients',
      'Create channels',
      'Manage forms',
      'Answer forms',
      'Manage packets',
      'Manage reports',
      'Email reports',
      'View audit log',
      'Manage security tokens',
      'Manage itineraries',
      'Manage snippets',
      'Manage text expansions',
      'Manage speech rules',
      'Manage scribbles',
      'Read announcements',
      'Manage announcements',
      'View metrics',
      'Patient portal self',
      'Related person portal',
      'Full permissions',
      'View all practices',
      'Manage databases',
    ]) {
      expect(isGrantSetName(name), name).toBe(true);
    }
  });

  it('gives every grant set a description and only valid, distinct permissions', () => {
    for (const g of GRANT_SETS) {
      expect(g.description.length, g.name).toBeGreaterThan(10);
      expect(g.permissions.length, g.name).toBeGreaterThan(0);
      expect(new Set(g.permissions).size, g.name).toBe(g.permissions.length);
      for (const p of g.permissions) expect(isPermission(p), `${g.name}: ${p}`).toBe(true);
    }
  });

  it('reaches every resource type and every action it permits', () => {
    const missing = PERMISSION_RESOURCE_TYPES.flatMap((type) =>
      permittedActions(type)
        .map((a) => permission(type, a))
        .filter((p) => !allPermissions.has(p)),
    );
    expect(missing).toEqual([]);
  });

  it('grants every flag somewhere', () => {
    expect(ALL_FLAG_PERMISSIONS.filter((f) => !allPermissions.has(f))).toEqual([]);
  });

  it('lists every grant set in exactly one area', () => {
    expect(GRANT_SET_AREAS.flatMap((a) => a.grantSets)).toEqual(GRANT_SETS);
    for (const a of GRANT_SET_AREAS) expect(a.grantSets.length, a.area).toBeGreaterThan(0);
  });

  it('keeps the scribe from signing and the reader from writing', () => {
    expect(getGrantSet('Scribe user').permissions).not.toContain('clinical:SignNote:Allow');
    expect(getGrantSet('Read notes').permissions.every((p) => p.endsWith(':Read'))).toBe(true);
  });
});

describe('getGrantSet', () => {
  it('returns a named grant set', () => {
    expect(getGrantSet('Merge patients').permissions).toContain('administrative:MergePatients:Allow');
  });

  it("fails on an unknown name with the spec's message", () => {
    let error: unknown;
    try {
      getGrantSet('Fly helicopters');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCodes.BadRequest);
    expect((error as AppError).message).toBe('GrantSet Fly helicopters is not defined.');
  });

  it('does not find inherited object members', () => {
    expect(isGrantSetName('constructor')).toBe(false);
    expect(() => getGrantSet('toString')).toThrow('GrantSet toString is not defined.');
  });
});
