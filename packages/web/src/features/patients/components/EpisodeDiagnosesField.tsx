import { DIAGNOSES, findConcept, type Condition, type EpisodeOfCare } from '@caseload/core';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useFieldArray, type Control, type UseFormReturn } from 'react-hook-form';
import { IconButton } from '../../../ui/IconButton.tsx';
import { useCan, useLabel } from '../../practice/index.ts';
import { diagnosisLabel } from '../utils/diagnosis-search.ts';
import {
  conditionReference,
  newDiagnosisCodes,
  newDiagnosisCode,
  newDiagnosisReference,
  selectableConditions,
} from '../utils/episode-diagnoses.ts';
import { DiagnosisSelect, type DiagnosisGroup } from './DiagnosisSelect.tsx';
import { errorAt } from './RecordFields.tsx';

const ROLES = [
  { value: 'primary', label: 'Primary' },
  { value: 'secondary', label: 'Secondary' },
];

export interface EpisodeDiagnosesFieldProps {
  form: UseFormReturn<EpisodeOfCare>;
  /** The patient's Conditions. */
  conditions: readonly Condition[];
  /** The episode as opened (its diagnoses stay pickable even when resolved or refuted). */
  episode: Pick<EpisodeOfCare, 'diagnoses'>;
}

/**
 * The episode's diagnoses: each picked from the patient's diagnoses or, typed by code or words,
 * a new ICD-10-CM one (saved as a Condition with the episode; offered only to a profile that may
 * create Conditions), primary or secondary.
 */
export function EpisodeDiagnosesField({ form, conditions, episode }: EpisodeDiagnosesFieldProps) {
  const { fields, append, remove } = useFieldArray({
    control: form.control as unknown as Control<{ diagnoses: NonNullable<EpisodeOfCare['diagnoses']> }>,
    name: 'diagnoses',
  });
  const patient = useLabel('patient', 'singular');
  const mayAddDiagnosis = useCan('Create', 'Condition');
  const groups = useMemo<DiagnosisGroup[]>(() => {
    const selectable = selectableConditions(conditions, episode);
    return [
      { group: `${patient}'s diagnoses`, items: selectable.map((c) => ({ value: c.id, label: diagnosisLabel(c.code) })) },
      ...(mayAddDiagnosis
        ? [
            {
              group: 'New diagnosis (ICD-10-CM)',
              items: newDiagnosisCodes(selectable).map((code) => ({
                value: `new:${code}`,
                label: diagnosisLabel(findConcept(DIAGNOSES, code)!),
              })),
            },
          ]
        : []),
    ];
  }, [conditions, episode, patient, mayAddDiagnosis]);
  const byId = useMemo(() => new Map(conditions.map((c) => [c.id, c])), [conditions]);

  return (
    <Stack gap="xs">
      {fields.length === 0 && <Text c="dimmed">No diagnosis on this episode yet.</Text>}
      {fields.map((field, index) => (
        <Group key={field.id} align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ flex: 1 }}>
            <Controller
              control={form.control}
              name={`diagnoses.${index}.condition`}
              render={({ field: picked }) => (
                <DiagnosisSelect
                  label={`Diagnosis ${index + 1}`}
                  groups={groups}
                  value={picked.value?.id || null}
                  onChange={(value) => {
                    const condition = value ? byId.get(value) : undefined;
                    const code = value ? newDiagnosisCode({ id: value }) : undefined;
                    picked.onChange(
                      condition
                        ? conditionReference(condition)
                        : code
                          ? newDiagnosisReference(code)
                          : { resourceType: 'Condition', id: '' },
                    );
                  }}
                  onBlur={picked.onBlur}
                  error={
                    errorAt(form, `diagnoses.${index}.condition.id`) ??
                    errorAt(form, `diagnoses.${index}.condition`) ??
                    errorAt(form, `diagnoses.${index}`)
                  }
                />
              )}
            />
          </div>
          <Controller
            control={form.control}
            name={`diagnoses.${index}.role`}
            render={({ field: role }) => (
              <Select
                label={`Diagnosis ${index + 1} role`}
                data={ROLES}
                w={140}
                clearable
                value={role.value ?? null}
                onChange={(v) => role.onChange(v ?? undefined)}
              />
            )}
          />
          <IconButton icon={IconTrash} label={`Remove diagnosis ${index + 1}`} mt={25} onClick={() => remove(index)} />
        </Group>
      ))}
      {errorAt(form, 'diagnoses') && (
        <Text c="red" fz="sm" role="alert">
          {errorAt(form, 'diagnoses')}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} />}
          onClick={() => append({ condition: { resourceType: 'Condition', id: '' }, role: fields.length === 0 ? 'primary' : 'secondary' })}
        >
          Add diagnosis
        </Button>
      </Group>
    </Stack>
  );
}
