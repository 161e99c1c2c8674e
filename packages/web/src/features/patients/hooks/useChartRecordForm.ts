import { yupResolver } from '@hookform/resolvers/yup';
import type { Resource } from '@caseload/core';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { AnyObjectSchema } from '../../../ui/yup.ts';
import { useUpsert } from '../../../data/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { withoutBlanks, type RecordDraft } from '../utils/chart-record-form-layout.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { localToday } from '../utils/patient-display.ts';
import { FORM_VALIDATION } from '../../../ui/form-validation.ts';

export interface ChartRecordForm<T extends Resource> {
  form: UseFormReturn<T>;
  submit: Submit<[T]>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
}

export interface ChartRecordFormOptions<T extends Resource> {
  /** The collection the record is saved to ('Allergies', 'EpisodesOfCare', ...). */
  collection: string;
  /** Core's schema of the type (allergySchema, ...): SPEC.md section 5's messages, errors by path. */
  schema: AnyObjectSchema;
  /** The record being edited, or a new one's starting values (with its partition and patient). */
  values: RecordDraft<T>;
  opened: boolean;
  /** Lays the record out for the form (empty rows to type into). */
  prepare?: (record: T) => T;
  /** Beyond removing what was left empty: rows to drop, fields to derive (display). */
  clean?: (record: T) => T;
  /** Saves what must exist first and answers the record to store (the episode's new diagnoses). */
  beforeSave?: (record: T) => Promise<T>;
  onSaved: (saved: T) => void;
}

/**
 * A chart record's edit form: react-hook-form checked by core's schema of the type after what was
 * left empty is removed; dates that may not be in the future are checked against the practice's
 * today. Saving stores the record on the device at once and queues it (so it works offline and
 * every screen, the chart header too, shows it at once); a refusal comes back as the write queue's
 * failed-upsert record, which the record's list shows.
 */
export function useChartRecordForm<T extends Resource>(options: ChartRecordFormOptions<T>): ChartRecordForm<T> {
  const clock = usePracticeTime();
  const { collection, schema, values, opened, prepare = (r) => r, clean = (r) => r, beforeSave, onSaved } = options;
  const upsert = useUpsert<T>(collection);
  const tidy = (record: T) => clean(withoutBlanks(record));
  const schemaResolver = yupResolver(schema as never) as unknown as Resolver<T>;
  const resolver: Resolver<T> = (v, _context, opts) => schemaResolver(tidy(v), { today: localToday(clock) }, opts);
  const form = useForm<T>({ resolver, defaultValues: prepare(values as T) as DefaultValues<T>, ...FORM_VALIDATION });
  // Each opening starts from the values given (the record, or a refused edit's).
  useEffect(() => {
    if (opened) form.reset(prepare(values as T) as DefaultValues<T>);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const submit = useSubmit(async (record: T) => {
    const given = values as Partial<Resource>;
    // The record's identity is the one the form was opened on, whatever the form held.
    const identity = given.id ? { id: given.id, meta: given.meta } : {};
    const draft = { ...values, ...record, ...identity } as T;
    const saved = await upsert(beforeSave ? await beforeSave(draft) : draft);
    onSaved(saved);
  });
  return { form, submit, onSubmit: form.handleSubmit((v) => submit.run(v)) };
}
