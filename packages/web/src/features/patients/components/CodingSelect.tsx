import { findConcept, toCoding, type Coding, type Vocabulary } from '@caseload/core';
import { MultiSelect, Select } from '@mantine/core';

const optionsOf = (vocab: Vocabulary) => vocab.concepts.map((c) => ({ value: c.code, label: c.display }));

export interface CodingSelectProps {
  label: string;
  vocabulary: Vocabulary;
  value: Coding | undefined;
  onChange: (value: Coding | undefined) => void;
  error?: string;
}

/** A picker over one coded vocabulary of core, storing the full Coding (system, code, display). */
export function CodingSelect({ label, vocabulary, value, onChange, error }: CodingSelectProps) {
  return (
    <Select
      label={label}
      data={optionsOf(vocabulary)}
      searchable
      clearable
      value={value?.code && findConcept(vocabulary, value.code) ? value.code : null}
      onChange={(code) => onChange(code ? toCoding(vocabulary, code) : undefined)}
      error={error}
    />
  );
}

export interface CodingMultiSelectProps extends Omit<CodingSelectProps, 'value' | 'onChange'> {
  value: Coding[] | undefined;
  onChange: (value: Coding[]) => void;
}

/** Several codes of one vocabulary (race allows more than one). */
export function CodingMultiSelect({ label, vocabulary, value, onChange, error }: CodingMultiSelectProps) {
  return (
    <MultiSelect
      label={label}
      data={optionsOf(vocabulary)}
      searchable
      clearable
      value={(value ?? []).map((c) => c.code).filter((code) => findConcept(vocabulary, code))}
      onChange={(codes) => onChange(codes.map((code) => toCoding(vocabulary, code)))}
      error={error}
    />
  );
}
