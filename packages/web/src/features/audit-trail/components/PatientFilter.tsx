import type { Patient } from '@caseload/core';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePagedQuery, useResource } from '../../../data/index.ts';
import { patientName, patientSearchFilters } from '../../patients/index.ts';
import { shortId } from './PatientName.tsx';

export interface PatientFilterProps {
  label: string;
  value: string | undefined;
  onChange: (patientId: string | undefined) => void;
}

const optionLabel = (p: Patient) => (p.mrn ? `${patientName(p)} · MRN ${p.mrn}` : patientName(p));

/**
 * The trail's patient: found by name, MRN or birth date as the patient list finds them (within the
 * user's patient population), searched only once something is typed.
 */
export function PatientFilter({ label, value, onChange }: PatientFilterProps) {
  const selected = useResource<Patient>('Patients', value);
  const selectedLabel = selected.item ? optionLabel(selected.item) : value ? `Patient ${shortId(value)}` : '';
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 150);
  const searching = typed !== '' && typed !== selectedLabel;
  const found = usePagedQuery<Patient>('Patients', searching ? { filters: patientSearchFilters(typed), orderBy: 'Name' } : undefined);
  const matches = found.items
    .filter((p) => p.id !== value)
    .slice(0, 20)
    .map((p) => ({ value: p.id, label: optionLabel(p) }));
  const data = value ? [{ value, label: selectedLabel }, ...matches] : matches;
  return (
    <Select
      label={label}
      placeholder="Name, MRN or birth date"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      filter={({ options }) => options}
      nothingFoundMessage={searching ? (found.loading ? 'Searching…' : 'Nobody you can see matches') : 'Type a name, MRN or birth date'}
      comboboxProps={{ withinPortal: true }}
      data-testid="audit-patient-filter"
    />
  );
}
