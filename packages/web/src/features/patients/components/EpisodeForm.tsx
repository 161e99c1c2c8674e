import { episodeOfCareSchema, type Condition, type EpisodeOfCare, type Patient, type Program, type Reference } from '@caseload/core';
import { Fieldset, Group, MultiSelect } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useCollection, useUpsert } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useLabel, usePracticeTime } from '../../practice/index.ts';
import { useChartRecordForm } from '../hooks/useChartRecordForm.ts';
import { conditionReference, newConditionDraft, newDiagnosisCode, withSavedDiagnoses } from '../utils/episode-diagnoses.ts';
import { localToday } from '../utils/patient-display.ts';
import type { RecordFormProps } from './ChartRecordList.tsx';
import { EpisodeDiagnosesField } from './EpisodeDiagnosesField.tsx';
import { FormDialog } from './FormDialog.tsx';
import { ChoiceField, PeriodFields, errorAt } from './RecordFields.tsx';

export const EPISODE_STATUSES = { active: 'Active', finished: 'Finished', cancelled: 'Cancelled' };

export interface EpisodeFormProps extends RecordFormProps<EpisodeOfCare> {
  patient: Patient;
  /** The patient's diagnoses, to pick from. */
  conditions: readonly Condition[];
}

const programName = (p: Program) => p.name || p.display || p.id;

/**
 * Records or edits an episode of care: status, period, the practice's programs (the "Enrollment"
 * label), and its diagnoses. A new diagnosis picked here is saved as a Condition of the patient
 * first, so the episode refers to it (both queued, in that order).
 */
export function EpisodeForm({ record, opened, onClose, patient, conditions }: EpisodeFormProps) {
  const clock = usePracticeTime();
  const upsertCondition = useUpsert<Condition>('Conditions');
  const programs = useCollection<Program>('Programs');
  const enrollments = useLabel('enrollment', 'plural');
  const beforeSave = async (episode: EpisodeOfCare) => {
    const saved = new Map<string, Reference>();
    for (const d of episode.diagnoses ?? []) {
      const code = newDiagnosisCode(d.condition);
      if (code && !saved.has(code))
        saved.set(code, conditionReference(await upsertCondition(newConditionDraft(patient, code, localToday(clock)))));
    }
    return withSavedDiagnoses(episode, saved);
  };
  const { form, submit, onSubmit } = useChartRecordForm<EpisodeOfCare>({
    collection: 'EpisodesOfCare',
    schema: episodeOfCareSchema,
    values: record,
    opened,
    beforeSave,
    onSaved: onClose,
  });
  const watched = form.watch('programs');
  // Inactive programs are not offered, except those the episode already holds.
  const options = useMemo(() => {
    const chosen = watched ?? [];
    const held = new Set(chosen.map((p) => p.program.id));
    const offered = programs.items.filter((p) => p.active !== false || held.has(p.id)).map((p) => ({ value: p.id, label: programName(p) }));
    const missing = chosen
      .filter((p) => !programs.items.some((x) => x.id === p.program.id))
      .map((p) => ({ value: p.program.id, label: p.program.display ?? p.program.id }));
    return [...offered, ...missing];
  }, [programs.items, watched]);

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={record.id ? 'Episode of care' : 'New episode of care'}
      onSubmit={onSubmit}
      saving={submit.pending}
      size="xl"
    >
      <Group grow align="flex-start">
        <ChoiceField form={form} name="status" label="Status" options={EPISODE_STATUSES} />
      </Group>
      <PeriodFields form={form} name="period" />
      <Controller
        control={form.control}
        name="programs"
        render={({ field }) => (
          <MultiSelect
            label={`Programs (${enrollments.toLowerCase()})`}
            placeholder="Pick one or more programs"
            data={options}
            searchable
            nothingFoundMessage={programs.loading ? 'Loading…' : 'No program matches'}
            value={(field.value ?? []).map((p) => p.program.id)}
            onChange={(ids) =>
              field.onChange(
                ids.map((id) => {
                  const kept = (field.value ?? []).find((p) => p.program.id === id);
                  if (kept) return kept;
                  const program = programs.items.find((p) => p.id === id);
                  return { program: { resourceType: 'Program', id, display: program ? programName(program) : id } };
                }),
              )
            }
            onBlur={field.onBlur}
            error={errorAt(form, 'programs')}
          />
        )}
      />
      <Fieldset legend="Diagnoses">
        <EpisodeDiagnosesField form={form} conditions={conditions} episode={record} />
      </Fieldset>
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
