import { noteKindOptions, type NoteKind } from '@caseload/core';
import { MultiSelect, SimpleGrid } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { ReferencesField } from '../../../ui/admin/ReferenceFields.tsx';
import { relabel, usePracticeLabels } from '../../practice/index.ts';

export interface ScopeFieldsProps<V extends FieldValues> {
  control: Control<V>;
  /** Field names of the three lists; a list left out is not shown. */
  names: { programs: Path<V>; serviceTypes: Path<V>; noteKinds?: Path<V> };
  /** The note kinds offered (definitions never make scribe sessions). */
  noteKinds?: readonly NoteKind[];
  readOnly?: boolean;
  /** What an empty list means, e.g. "Empty: every note." */
  emptyMeans: string;
}

/** Which notes a rule or signature configuration applies to: programs, services, note kinds. */
export function ScopeFields<V extends FieldValues>({ control, names, noteKinds, readOnly, emptyMeans }: ScopeFieldsProps<V>) {
  const labels = usePracticeLabels();
  return (
    <SimpleGrid cols={{ base: 1, sm: names.noteKinds ? 3 : 2 }} spacing="sm">
      <ReferencesField
        control={control}
        name={names.programs}
        collection="Programs"
        label="Programs"
        description={emptyMeans}
        disabled={readOnly}
      />
      <ReferencesField
        control={control}
        name={names.serviceTypes}
        collection="HealthcareServices"
        label="Services"
        description={emptyMeans}
        disabled={readOnly}
      />
      {names.noteKinds && (
        <Controller
          control={control}
          name={names.noteKinds}
          render={({ field }) => (
            <MultiSelect
              label="Note kinds"
              description={relabel(emptyMeans, labels)}
              data={noteKindOptions(noteKinds ?? [])}
              disabled={readOnly}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              clearable
              placeholder="Any kind"
            />
          )}
        />
      )}
    </SimpleGrid>
  );
}
