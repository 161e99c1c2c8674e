import { describe, expect, it } from 'vitest';
import { packetIssues } from './packet-validation.ts';
import type { Packet } from './types.ts';

const item = { key: 'phq9', kind: 'Questionnaire', title: 'PHQ-9', form: { resourceType: 'Questionnaire', id: 'q' }, required: true };
const packet = (fields: Partial<Packet> = {}): Partial<Packet> => ({ name: 'Intake', forms: [item as Packet['forms'][0]], ...fields });
const paths = (p: Partial<Packet>) => packetIssues(p).map((i) => i.path);

describe('packetIssues', () => {
  it('accepts a named packet with one well-formed item, the days left to their defaults', () => {
    expect(packetIssues(packet())).toEqual([]);
    expect(packetIssues(packet({ audience: 'Minor', expiresAfterDays: 14, remindDaysBefore: 0 }))).toEqual([]);
  });

  it('refuses days that are not whole, or below their least', () => {
    expect(paths(packet({ expiresAfterDays: 0, remindDaysBefore: -1 }))).toEqual(['expiresAfterDays', 'remindDaysBefore']);
    expect(paths(packet({ expiresAfterDays: 1.5 }))).toEqual(['expiresAfterDays']);
  });

  it('refuses an unknown audience', () => {
    expect(paths(packet({ audience: 'Child' as never }))).toEqual(['audience']);
  });

  it('names each malformed item: duplicate key, a consent without category, a chart field unknown', () => {
    const forms = [
      item,
      { ...item, title: ' ' },
      { ...item, key: 'c', kind: 'Consent' },
      { ...item, key: 'd', chartFields: [{ linkId: '', field: 'Patient.shoeSize' }] },
    ] as Packet['forms'];
    expect(paths(packet({ forms }))).toEqual([
      'forms.1.key',
      'forms.1.title',
      'forms.2.consent.category',
      'forms.3.chartFields.0.field',
      'forms.3.chartFields.0.linkId',
    ]);
  });
});
