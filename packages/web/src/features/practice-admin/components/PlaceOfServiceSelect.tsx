import { PLACES_OF_SERVICE } from '@caseload/core';
import { Select } from '@mantine/core';

const OPTIONS = PLACES_OF_SERVICE.concepts.map((c) => ({ value: c.code, label: `${c.code} · ${c.display}` }));

export interface PlaceOfServiceSelectProps {
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The CMS place-of-service picker (about 50 codes): searchable by code or name, so "11" and
 * "office" both find Office.
 */
export function PlaceOfServiceSelect({ value, onChange, onBlur, error, disabled }: PlaceOfServiceSelectProps) {
  return (
    <Select
      label="Place of service"
      description="The CMS code claims carry for services given here."
      data={OPTIONS}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      searchable
      required
      disabled={disabled}
      error={error}
      placeholder="Search by code or name"
      nothingFoundMessage="No place of service matches"
      maxDropdownHeight={320}
    />
  );
}
