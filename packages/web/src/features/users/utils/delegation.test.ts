import { permissionsOf, roleGrantSets } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { undelegableGrantSets } from './delegation.ts';
import { roleLabel, roleOptions } from './role-options.ts';

const options = roleOptions([{ id: 'r1', name: 'Intake desk', grantSets: ['Read patients', 'Merge patients'] }]);

describe('roleOptions', () => {
  it('offers the built-in staff roles (not Patient) and the practice roles by name', () => {
    const values = options.map((o) => o.value);
    expect(values).toContain('Supervisor');
    expect(values).not.toContain('Patient');
    expect(values.at(-1)).toBe('SecurityRole/r1');
    expect(roleLabel('SecurityRole/r1', options)).toBe('Intake desk');
    expect(roleLabel('SecurityRole/gone', options)).toBe('SecurityRole/gone');
  });
});

describe('undelegableGrantSets', () => {
  it('names the grant sets a caller without RoleManagement does not hold', () => {
    const caller = permissionsOf([...roleGrantSets('Practitioner'), 'Assign roles']);
    expect(undelegableGrantSets(caller, ['Practitioner'], options)).toEqual([]);
    const lacking = undelegableGrantSets(caller, ['Supervisor'], options);
    expect(lacking).toContain('Co-sign notes');
    expect(lacking).not.toContain('Sign notes');
    expect(undelegableGrantSets(caller, ['SecurityRole/r1'], options)).toEqual(['Merge patients']);
  });

  it('lets a role manager hand out any practice grant set', () => {
    expect(undelegableGrantSets(permissionsOf(roleGrantSets('Administrative')), ['Supervisor', 'SecurityRole/r1'], options)).toEqual([]);
  });
});
