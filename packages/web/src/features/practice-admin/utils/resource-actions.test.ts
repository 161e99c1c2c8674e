import { rolePermissions } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { resourceActions } from './resource-actions.ts';

describe('resourceActions', () => {
  it('offers create and edit to the Administrative role, nothing to a Practitioner', () => {
    expect(resourceActions(rolePermissions('Administrative'), 'Program')).toEqual({ create: true, update: true });
    expect(resourceActions(rolePermissions('Practitioner'), 'Program')).toEqual({ create: false, update: false });
  });

  it('offers every action when the permissions are not known: the server decides', () => {
    expect(resourceActions(undefined, 'SecurityRole')).toEqual({ create: true, update: true });
  });
});
