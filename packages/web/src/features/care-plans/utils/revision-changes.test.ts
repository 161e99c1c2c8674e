import type { CarePlan } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { changedFieldNames, revisionChanges } from './revision-changes.ts';

const signed: CarePlan = {
  resourceType: 'CarePlan',
  id: 'p',
  meta: { versionId: 'v1', lastModified: '2026-01-01T00:00:00Z' },
  partition: 'pt',
  patient: { resourceType: 'Patient', id: 'pt' },
  status: 'Active',
  reviewDate: '2026-03-01',
  elements: [{ id: 'g1', kind: 'Goal', text: 'Sleep' }],
  signatures: [],
};

describe('revisionChanges', () => {
  it('sends only the revisable fields changed, a removed one as null', () => {
    const working: CarePlan = { ...signed, elements: [{ id: 'g1', kind: 'Goal', text: 'Sleep 7 hours' }], signedAt: 'x' };
    delete working.reviewDate;
    expect(revisionChanges(signed, working)).toEqual({ elements: working.elements, reviewDate: null });
  });

  it('is empty when nothing changed, whatever the key order', () => {
    expect(revisionChanges(signed, { ...signed, elements: [{ text: 'Sleep', kind: 'Goal', id: 'g1' }] })).toEqual({});
  });

  it('names the fields in words', () => {
    expect(changedFieldNames(['elements', 'reviewDate'])).toBe('goals, review date');
  });
});
