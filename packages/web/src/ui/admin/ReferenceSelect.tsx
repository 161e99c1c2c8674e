import { pickerLabel } from '@caseload/core';
import { MultiSelect, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useCollection } from '../../data/index.ts';
import { listView, type NamedResource } from './list-view.ts';

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
  /** Which items of the collection are offered (all by default); the current pick stays shown. */
  offers?: (item: NamedResource) => boolean;
}

/**
 * The options of a collection: its active items that `offers` accepts, by name (a service with its
 * billing code), plus the current pick even if inactive or not offered.
 */
function useOptions(collection: string, picked: readonly string[], offers?: (item: NamedResource) => boolean) {
  const { items, loading } = useCollection<NamedResource>(collection);
  const options = useMemo(() => {
    const active = listView(items, { search: '', showAll: false }).filter((i) => !offers || offers(i));
    const kept = items.filter((i) => picked.includes(i.id) && !active.includes(i));
    return [...active, ...kept].map((i) => ({ value: i.id, label: pickerLabel(i) }));
  }, [items, picked, offers]);
  return { options, loading };
}

/** Picks one resource of a collection by name (optional: clearable). */
export function ReferenceSelect({
  collection,
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  description,
  offers,
}: ReferenceSelectProps) {
  const picked = useMemo(() => (value ? [value] : []), [value]);
  const { options, loading } = useOptions(collection, picked, offers);
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
      allowDeselect={false}
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
export function ReferenceMultiSelect({
  collection,
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  description,
  offers,
}: ReferenceMultiSelectProps) {
  const { options, loading } = useOptions(collection, value, offers);
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
