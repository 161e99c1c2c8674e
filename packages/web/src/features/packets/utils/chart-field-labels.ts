import type { Address, PacketChartField } from '@caseload/core';

/** What each chart field is called on the review screen. */
export const CHART_FIELD_LABELS: Record<PacketChartField, string> = {
  'Patient.address': "Patient's home address",
  'Patient.phone': "Patient's phone",
  'Patient.email': "Patient's e-mail",
  'RelatedPerson.address': "Guardian's address",
  'RelatedPerson.phone': "Guardian's phone",
  'RelatedPerson.email': "Guardian's e-mail",
  'Coverage.payor': 'Insurance company',
  'Coverage.memberId': 'Member id',
  'Coverage.groupNumber': 'Group number',
};

/** A chart value (an address, a phone, a name) as one line of text; "—" when there is none. */
export function chartValueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  const a = value as Address;
  const parts = [...(a.line ?? []), a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean);
  return parts.length ? parts.join(', ') : JSON.stringify(value);
}
