import { byPickerName, pickerLabel, type Reference, type Resource } from '@caseload/core';
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
 * A searchable picker of resources that stores a reference (id, type, display). The options are
 * sorted by name and a service shows its billing code ("90837 · Psychotherapy, 60 minutes"); the
 * reference keeps the plain name. A value no longer offered (an inactive service on an older
 * note) is still shown by its display. Picking the chosen option again keeps it (Mantine's
 * allowDeselect would clear it): clearing is the clear button's, and only where the field is optional.
 */
export function ResourceSelect({
  label,
  options,
  value,
  onChange,
  id,
  required,
  error,
  description,
  placeholder,
  disabled,
}: ResourceSelectProps) {
  const data = [...options].sort(byPickerName).map((o) => ({ value: o.id, label: pickerLabel(o) }));
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
      allowDeselect={false}
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
