import { Select, type ComboboxItem, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import { matchesDiagnosis } from '../utils/diagnosis-search.ts';

/** A group of diagnoses the picker offers: the patient's, or ICD-10-CM's list for a new one. */
export interface DiagnosisGroup {
  group: string;
  /** `label` starts with the ICD-10-CM code ("F41.1 Generalized anxiety disorder"). */
  items: ComboboxItem[];
}

export interface DiagnosisSelectProps {
  label: string;
  groups: DiagnosisGroup[];
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: string;
  description?: string;
  required?: boolean;
}

const codeOf = (label: string) => label.split(' ', 1)[0] ?? '';

/** Type-ahead by code ("F41", "f411") or by words of the description, in any order ("anx gen"). */
const byCodeOrWords: OptionsFilter = ({ options, search, limit }) => {
  const out: ComboboxParsedItem[] = [];
  let left = limit;
  for (const option of options) {
    if ('group' in option) {
      const items = option.items.filter((i) => matchesDiagnosis({ code: codeOf(i.label), display: i.label }, search)).slice(0, left);
      left -= items.length;
      if (items.length > 0) out.push({ ...option, items });
    } else if (left > 0 && matchesDiagnosis({ code: codeOf(option.label), display: option.label }, search)) {
      out.push(option);
      left -= 1;
    }
  }
  return out;
};

/** Picks an ICD-10-CM diagnosis by typing its code or words of its description. */
export function DiagnosisSelect({ label, groups, value, onChange, onBlur, error, description, required }: DiagnosisSelectProps) {
  return (
    <Select
      label={label}
      description={description}
      placeholder="Type a code or words, e.g. F41.1 or anxiety"
      data={groups}
      searchable
      clearable
      filter={byCodeOrWords}
      limit={40}
      maxDropdownHeight={320}
      nothingFoundMessage="No diagnosis matches"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      required={required}
    />
  );
}
