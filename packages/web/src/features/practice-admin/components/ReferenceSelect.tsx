import { MultiSelect, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';
import { listView, nameOf, type NamedResource } from '../utils/list-view.ts';

export interface ReferenceSelectProps {
  /** The collection to pick from, e.g. 'Organizations'. */
  collection: string;
  label: string;
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  description?: string;
}

/** The options of a collection: its active items by name, plus the current pick even if inactive. */
function useOptions(collection: string, picked: readonly string[]) {
  const { items, loading } = useCollection<NamedResource>(collection);
  const options = useMemo(() => {
    const active = listView(items, { search: '', showAll: false });
    const kept = items.filter((i) => picked.includes(i.id) && !active.includes(i));
    return [...active, ...kept].map((i) => ({ value: i.id, label: nameOf(i) }));
  }, [items, picked]);
  return { options, loading };
}

/** Picks one resource of a collection by name (optional: clearable). */
export function ReferenceSelect({ collection, label, value, onChange, onBlur, error, disabled, description }: ReferenceSelectProps) {
  const picked = useMemo(() => (value ? [value] : []), [value]);
  const { options, loading } = useOptions(collection, picked);
  return (
    <Select
      label={label}
      description={description}
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      searchable
      clearable
      disabled={disabled}
      error={error}
      placeholder={loading && options.length === 0 ? 'Loading…' : 'None'}
      nothingFoundMessage="Nothing matches"
    />
  );
}

export interface ReferenceMultiSelectProps extends Omit<ReferenceSelectProps, 'value' | 'onChange'> {
  value: string[];
  onChange: (ids: string[]) => void;
}

/** Picks several resources of a collection by name. */
export function ReferenceMultiSelect({ collection, label, value, onChange, onBlur, error, disabled, description }: ReferenceMultiSelectProps) {
  const { options, loading } = useOptions(collection, value);
  return (
    <MultiSelect
      label={label}
      description={description}
      data={options}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      searchable
      clearable
      disabled={disabled}
      error={error}
      placeholder={loading && options.length === 0 ? 'Loading…' : 'Search by name'}
      nothingFoundMessage="Nothing matches"
    />
  );
}
