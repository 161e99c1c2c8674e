import type { Practitioner } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { staffName, staffRows } from './staff-list.ts';

const p = (id: string, given: string, family: string, email: string, extra: Partial<Practitioner> = {}): Practitioner =>
  ({
    id,
    resourceType: 'Practitioner',
    meta: { versionId: '1', lastModified: '' },
    names: [{ given: [given], family }],
    email,
    ...extra,
  }) as Practitioner;

const staff = [
  p('1', 'Zoe', 'Adams', 'b@x.org', { credentials: 'LCSW' }),
  p('2', 'amy', 'Brown', 'c@x.org'),
  p('3', 'Carl', 'Diaz', 'a@x.org', { workEmail: 'carl@work.org' }),
  p('4', 'Gone', 'Person', 'z@x.org', { meta: { versionId: '1', lastModified: '', isDeleted: true } } as Partial<Practitioner>),
];

describe('staffRows', () => {
  it('sorts by name case-insensitively and leaves deleted staff out', () => {
    expect(staffRows(staff, '', 'Name').map(staffName)).toEqual(['amy Brown', 'Carl Diaz', 'Zoe Adams, LCSW']);
    expect(staffRows(staff, '', 'Name', true).map((r) => r.id)).toEqual(['1', '3', '2']);
  });

  it('sorts by the work e-mail, else the e-mail', () => {
    expect(staffRows(staff, '', 'Email').map((r) => r.id)).toEqual(['1', '2', '3']);
  });

  it('keeps rows matching every word in name, credentials or e-mail', () => {
    expect(staffRows(staff, 'lcsw zoe', 'Name').map((r) => r.id)).toEqual(['1']);
    expect(staffRows(staff, 'WORK.org', 'Name').map((r) => r.id)).toEqual(['3']);
    expect(staffRows(staff, 'nobody', 'Name')).toEqual([]);
  });
});
