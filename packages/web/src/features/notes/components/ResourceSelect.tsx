import type { Reference, Resource } from '@caseload/core';
import { Select } from '@mantine/core';
import { refTo } from '../utils/note-refs.ts';

type Named = Resource & { name?: string };

export interface ResourceSelectProps {
  label: string;
  options: readonly Named[];
  value: Reference | undefined;
  onChange(value: Reference | undefined): void;
  id?: string;
  required?: boolean;
  error?: string;
  description?: string;
  placeholder?: string;
  disabled?: boolean;
}

const nameOf = (r: Named) => r.name ?? r.display ?? r.id;

/**
 * A searchable picker of resources that stores a reference (id, type, display). A value no
 * longer offered (an inactive service on an older note) is still shown by its display.
 */
export function ResourceSelect({ label, options, value, onChange, id, required, error, description, placeholder, disabled }: ResourceSelectProps) {
  const data = options.map((o) => ({ value: o.id, label: nameOf(o) }));
  if (value && !data.some((d) => d.value === value.id)) data.push({ value: value.id, label: value.display ?? value.id });
  return (
    <Select
      id={id}
      label={label}
      data={data}
      value={value?.id ?? null}
      onChange={(picked) => {
        const chosen = options.find((o) => o.id === picked);
        onChange(chosen ? refTo({ ...chosen, display: nameOf(chosen) }) : picked && value?.id === picked ? value : undefined);
      }}
      searchable
      clearable={!required}
      withAsterisk={required}
      error={error}
      description={description}
      placeholder={placeholder ?? 'Choose…'}
      disabled={disabled}
      nothingFoundMessage="Nothing matches"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
