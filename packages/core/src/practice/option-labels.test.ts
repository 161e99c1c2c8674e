import { describe, expect, it } from 'vitest';
import { byPickerName, pickerLabel, pickerName } from './option-labels.ts';

const service = (id: string, name: string, code?: string) => ({
  id,
  resourceType: 'HealthcareService',
  name,
  ...(code && { code: { system: 'http://www.ama-assn.org/go/cpt', code } }),
});

describe('picker labels', () => {
  it('lead a service with its billing code', () => {
    expect(pickerLabel(service('s1', 'Psychotherapy, 60 minutes', '90837'))).toBe('90837 · Psychotherapy, 60 minutes');
    expect(pickerLabel(service('s2', 'Collateral contact'))).toBe('Collateral contact');
  });

  it('name anything else by its name, display or id', () => {
    expect(pickerLabel({ id: 'l1', resourceType: 'Location', name: 'Main clinic', code: { code: 'x' } })).toBe('Main clinic');
    expect(pickerName({ id: 'p1', name: [{ family: 'Doe' }], display: 'Jane Doe' })).toBe('Jane Doe');
    expect(pickerName({ id: 'p2' })).toBe('p2');
  });

  it('sort by name, not by code, case-blind and numbers in order', () => {
    const sorted = [
      service('a', 'Psychotherapy, 60 minutes', '90837'),
      service('b', 'group psychotherapy', '90853'),
      service('c', 'Psychotherapy, 30 minutes', '90832'),
      service('d', 'Psychotherapy, 100 minutes'),
    ].sort(byPickerName);
    expect(sorted.map((s) => s.id)).toEqual(['b', 'c', 'a', 'd']);
  });
});
