import type { Organization } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { coverageOrderLabel, nextCoverageOrder, payers, payorOf } from './coverage-payor.ts';

const meta = { versionId: '1', lastModified: '2024-01-01T00:00:00Z' };
const org = (id: string, name: string, kind?: Organization['kind'], active?: boolean): Organization => ({
  id,
  meta,
  resourceType: 'Organization',
  name,
  kind,
  active,
});

describe('coverage payor', () => {
  const all = [
    org('o1', 'Blue Shield', 'Payer'),
    org('o2', 'Acme Clinic', 'Provider'),
    org('o3', 'Aetna', 'Payer'),
    org('o4', 'Old Payer', 'Payer', false),
  ];

  it('offers the active Payer organizations, by name', () => {
    expect(payers(all).map((o) => o.id)).toEqual(['o3', 'o1']);
  });

  it('references a known payer by name in any case, else keeps only the typed name', () => {
    expect(payorOf('aetna', payers(all))).toEqual({
      reference: { resourceType: 'Organization', id: 'o3', display: 'Aetna' },
      name: 'Aetna',
    });
    expect(payorOf('Acme Clinic', payers(all))).toEqual({ name: 'Acme Clinic' });
  });

  it('names the order and picks the next one after the coverages in force', () => {
    expect(coverageOrderLabel(1)).toBe('Primary');
    expect(coverageOrderLabel(2)).toBe('Secondary');
    expect(coverageOrderLabel(5)).toBe('#5');
    expect(nextCoverageOrder([], '2024-06-30')).toBe(1);
    expect(nextCoverageOrder([{ order: 1 }, { order: 2, period: { end: '2024-01-01' } }], '2024-06-30')).toBe(2);
  });
});
