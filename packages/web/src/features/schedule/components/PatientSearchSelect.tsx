import type { Patient, Reference } from '@caseload/core';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePagedQuery } from '../../../data/index.ts';
import { patientSearchFilters } from '../../patients/index.ts';

export interface PatientSearchSelectProps {
  value: Reference | undefined;
  onChange(patient: Reference | undefined): void;
  error?: string;
}

/** The patient of a booking, found by name, MRN or birth date (the patient list's search). */
export function PatientSearchSelect({ value, onChange, error }: PatientSearchSelectProps) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 150);
  const found = usePagedQuery<Patient>('Patients', { filters: patientSearchFilters(typed), orderBy: 'Name' });
  const data = found.items.slice(0, 20).map((p) => ({ value: p.id, label: p.display ?? p.id }));
  if (value && !data.some((d) => d.value === value.id)) data.push({ value: value.id, label: value.display ?? value.id });
  return (
    <Select
      label="Patient"
      placeholder="Type a name or MRN"
      withAsterisk
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value?.id ?? null}
      filter={({ options }) => options}
      nothingFoundMessage={found.loading ? 'Searching…' : 'Nobody matches'}
      error={error}
      data-autofocus
      comboboxProps={{ withinPortal: true }}
      onChange={(id) => {
        const p = found.items.find((x) => x.id === id);
        onChange(p ? { resourceType: 'Patient', id: p.id, ...(p.display && { display: p.display }) } : undefined);
      }}
    />
  );
}
