import { REFERENCE_TYPES, byPickerName, getResourceType, pickerLabel, type Reference, type Resource } from '@caseload/core';
import { Group, Select, VisuallyHidden } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useCollection } from '../../../../data/index.ts';
import { useFormRuntime } from '../../hooks/useFormRuntime.ts';
import { useQuestion } from '../../hooks/useQuestion.ts';
import type { QuestionProps } from './question-props.ts';

/** The chart records an EhrLookup may pick when the question does not limit them. */
export const DEFAULT_LOOKUP_TYPES = ['Condition', 'Medication', 'Allergy', 'Observation', 'DocumentReference', 'Encounter'];

interface Option {
  value: string;
  label: string;
  /** What the answer's reference calls it (a service's label adds its code; its display does not). */
  display?: string;
}

/**
 * Reads the practice's (or the patient's) resources of a type, only once the person opens the
 * list: a form of many reference questions makes no reads until one is used.
 */
function OptionsLoader({
  type,
  partition,
  onOptions,
}: {
  type: string;
  partition?: string;
  onOptions: (o: Option[], loading: boolean) => void;
}) {
  const collection = getResourceType(type)?.collection ?? `${type}s`;
  const { items, loading } = useCollection<Resource>(collection, { partition });
  useEffect(() => {
    const kept = items.filter((r) => !r.meta?.isDeleted).sort(byPickerName);
    onOptions(
      kept.map((r) => ({
        value: r.id,
        label: r.resourceType === 'HealthcareService' ? pickerLabel(r) : r.display || `${type} ${r.id}`,
        display: r.display,
      })),
      loading,
    );
  }, [items, loading, onOptions, type]);
  return null;
}

/** A picker of one resource of `type`, answered as a reference. */
function ResourcePicker({ props, type, label }: { props: QuestionProps; type: string; label?: string }) {
  const { partition } = useFormRuntime();
  const q = useQuestion(props.item, props.name, label ?? props.label);
  const value = q.value && typeof q.value === 'object' ? (q.value as Reference) : undefined;
  const [wanted, setWanted] = useState(false);
  const [state, setState] = useState<{ options: Option[]; loading: boolean }>({ options: [], loading: false });
  const partitioned = getResourceType(type)?.partitioned ?? false;
  const unavailable = partitioned && !partition;
  const data = useMemo(() => {
    const list = [...state.options];
    if (value?.id && !list.some((o) => o.value === value.id)) list.unshift({ value: value.id, label: value.display ?? value.id });
    return list;
  }, [state.options, value]);
  const onOptions = useMemo(() => (options: Option[], loading: boolean) => setState({ options, loading }), []);
  return (
    <>
      {wanted && !unavailable && <OptionsLoader type={type} partition={partitioned ? partition : undefined} onOptions={onOptions} />}
      <Select
        {...q.inputProps}
        label={props.compact ? <VisuallyHidden>{q.inputProps.label}</VisuallyHidden> : q.inputProps.label}
        data={data}
        value={value?.id ?? null}
        searchable
        clearable
        allowDeselect={false}
        onDropdownOpen={() => setWanted(true)}
        onFocus={() => setWanted(true)}
        nothingFoundMessage={unavailable ? 'Available when answering for a patient' : state.loading ? 'Loading…' : 'Nothing found'}
        placeholder={`Choose a ${type === 'Organization' ? 'payer' : type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`}
        onChange={(id) => {
          if (!id) return q.onChange(undefined);
          const picked = data.find((o) => o.value === id);
          const ref: Reference = { resourceType: type, id, display: picked?.display ?? picked?.label };
          if (partitioned && partition) ref.partition = partition;
          q.onChange(ref);
        }}
        onBlur={q.onBlur}
        maw={props.compact ? undefined : 420}
      />
    </>
  );
}

/** Patient, Practitioner, InsuranceCompany (an Organization), Location, RelatedPerson, HealthcareService, DocumentReference. */
export function ReferenceQuestion(props: QuestionProps) {
  return <ResourcePicker props={props} type={REFERENCE_TYPES[props.item.type] ?? props.item.type} />;
}

/** EhrLookup: a record of the patient's chart; first the kind of record (lookupTypes), then the record. */
export function EhrLookupQuestion(props: QuestionProps) {
  const types = props.item.lookupTypes?.length ? props.item.lookupTypes : DEFAULT_LOOKUP_TYPES;
  const q = useQuestion(props.item, props.name, props.label);
  const current = q.value && typeof q.value === 'object' ? (q.value as Reference).resourceType : undefined;
  const [type, setType] = useState<string>(current ?? types[0]!);
  return (
    <Group align="flex-end" gap="sm">
      {types.length > 1 && (
        <Select label="Kind of record" data={types} value={type} onChange={(v) => v && setType(v)} allowDeselect={false} w={200} />
      )}
      <ResourcePicker key={type} props={props} type={type} />
    </Group>
  );
}
