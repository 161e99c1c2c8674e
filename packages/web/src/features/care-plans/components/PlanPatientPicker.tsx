import type { Patient } from '@caseload/core';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePagedQuery } from '../../../data/index.ts';
import { patientName, patientSearchFilters } from '../../patients/index.ts';

const optionLabel = (p: Patient) => (p.mrn ? `${patientName(p)} · MRN ${p.mrn}` : patientName(p));

/** The patient a new plan is for: found by name, MRN or birth date within the user's population, searched once something is typed. */
export function PlanPatientPicker({ value, onChange }: { value: string | undefined; onChange(id: string | undefined): void }) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 150);
  const found = usePagedQuery<Patient>('Patients', typed ? { filters: patientSearchFilters(typed), orderBy: 'Name' } : undefined);
  const data = found.items.slice(0, 20).map((p) => ({ value: p.id, label: optionLabel(p) }));
  return (
    <Select
      label="Patient"
      placeholder="Name, MRN or birth date"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      filter={({ options }) => options}
      nothingFoundMessage={typed ? (found.loading ? 'Searching…' : 'Nobody you can see matches') : 'Type a name, MRN or birth date'}
      w={320}
      data-testid="plan-patient-picker"
    />
  );
}
