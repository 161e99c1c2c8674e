import { AUDIT_EVENT_TYPES } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { auditQuery, dateRangeProblem, filtersFromSearch, hasFilters, searchFromFilters } from './audit-filters.ts';

describe('the audit trail filters', () => {
  it('read and write the URL, ignoring values that cannot be filters', () => {
    const search = new URLSearchParams(
      'patient=p-1&user=pr-2&from=2026-03-08&to=2026-03-09&outcome=Failure&type=110110&account=nope%20nope&extra=1',
    );
    const filters = filtersFromSearch(search);
    expect(filters).toEqual({
      patientId: 'p-1',
      practitionerId: 'pr-2',
      from: '2026-03-08',
      to: '2026-03-09',
      outcome: 'Failure',
      eventType: '110110',
    });
    expect(searchFromFilters(filters).toString()).toBe('patient=p-1&user=pr-2&from=2026-03-08&to=2026-03-09&outcome=Failure&type=110110');
    expect(filtersFromSearch(new URLSearchParams('outcome=Maybe&type=999&from=yesterday'))).toEqual({});
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ outcome: 'Success' })).toBe(true);
  });

  it('query whole days on the practice calendar, across a DST change, the last day included', () => {
    // New York springs forward on 2026-03-08: that day starts at 05:00Z, the next at 04:00Z.
    expect(auditQuery({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York')).toEqual([
      { field: 'meta.lastModified', op: 'ge', value: '2026-03-08T05:00:00.000Z' },
      { field: 'meta.lastModified', op: 'lt', value: '2026-03-09T04:00:00.000Z' },
    ]);
    expect(auditQuery({ from: '2026-03-08' }, 'Asia/Tokyo')).toEqual([
      { field: 'meta.lastModified', op: 'ge', value: '2026-03-07T15:00:00.000Z' },
    ]);
  });

  it("query who, whose record, outcome and event type with the trail's own fields", () => {
    const code = AUDIT_EVENT_TYPES.export.code;
    expect(auditQuery({ patientId: 'p', practitionerId: 'pr', accountId: 'a', outcome: 'Success', eventType: code }, 'UTC')).toEqual([
      { field: 'patient.id', op: 'eq', value: 'p' },
      { field: 'agent.who.id', op: 'eq', value: 'pr' },
      { field: 'agent.accountId', op: 'eq', value: 'a' },
      { field: 'outcome', op: 'eq', value: 'Success' },
      { field: 'type.code', op: 'eq', value: code },
    ]);
    expect(auditQuery({}, 'UTC')).toEqual([]);
  });

  it('refuse an end before the start', () => {
    expect(dateRangeProblem({ from: '2026-03-09', to: '2026-03-08' })).toBe('The end date is before the start date.');
    expect(dateRangeProblem({ from: '2026-03-09', to: '2026-03-09' })).toBeUndefined();
  });
});
