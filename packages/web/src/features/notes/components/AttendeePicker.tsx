import type { Patient } from '@caseload/core';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePagedQuery } from '../../../data/index.ts';
import { patientSearchFilters } from '../../patients/index.ts';

export interface AttendeePickerProps {
  label: string;
  exclude: string[];
  onPick(patient: Patient): void;
  disabled?: boolean;
}

/** Finds a patient by name, MRN or birth date (the patient list's search) and adds them. */
export function AttendeePicker({ label, exclude, onPick, disabled }: AttendeePickerProps) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 150);
  const found = usePagedQuery<Patient>('Patients', { filters: patientSearchFilters(typed), orderBy: 'Name' });
  const data = found.items
    .filter((p) => !exclude.includes(p.id))
    .slice(0, 20)
    .map((p) => ({ value: p.id, label: p.display ?? p.id }));
  return (
    <Select
      label={label}
      placeholder="Type a name or MRN"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={null}
      filter={({ options }) => options}
      nothingFoundMessage={found.loading ? 'Searching…' : 'Nobody matches'}
      disabled={disabled}
      onChange={(id) => {
        const p = found.items.find((x) => x.id === id);
        if (p) {
          onPick(p);
          setSearch('');
        }
      }}
    />
  );
}
