import { yupResolver } from '@hookform/resolvers/yup';
import { notifications } from '@mantine/notifications';
import { practitionerSchema, type Practitioner } from '@caseload/core';
import { useEffect, useMemo, type BaseSyntheticEvent } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useSyncState, useUpsert, type FailedUpsert } from '../../../data/index.ts';
import { applyProfile, profileValues, type ProfileValues } from '../utils/practitioner-form.ts';
import { useReferenceOptions, type ReferenceOption } from './useReferenceOptions.ts';

export interface ProfileFormState {
  form: UseFormReturn<ProfileValues>;
  /** The user has changed something not saved yet. */
  isDirty: boolean;
  /** The server's refusal of the last save of this practitioner, if any. */
  refusal: FailedUpsert | undefined;
  /** The form's submit: checks the record as it would be saved, then saves it. */
  save: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Who may supervise (everyone but the practitioner). */
  others: ReferenceOption[];
  /** Departments, teams and staff groups to belong to. */
  memberships: ReferenceOption[];
  listings: ReferenceOption[];
  programs: ReferenceOption[];
}

/** A practitioner's profile as a form, its choices, and its save through the write queue. */
export function useProfileForm(practitioner: Practitioner): ProfileFormState {
  const upsert = useUpsert<Practitioner>('Practitioners');
  const { failed } = useSyncState();
  const refusal = failed.find((f) => f.collection === 'Practitioners' && f.id === practitioner.id);
  // Core's practitionerSchema (the server's own rules) checks the record as it would be saved:
  // the form holds the resource's shape, so each error's path is the field's name.
  const resolver = useMemo<Resolver<ProfileValues>>(() => {
    const check = yupResolver(practitionerSchema) as unknown as Resolver<Practitioner>;
    return async (values, context, options) => {
      const result = await check(applyProfile(practitioner, values), context, options as never);
      return result as unknown as Awaited<ReturnType<Resolver<ProfileValues>>>;
    };
  }, [practitioner]);
  const form = useForm<ProfileValues>({ resolver, defaultValues: profileValues(practitioner) });
  // A newer copy from the server (another user's save, the queue's answer) is shown unless the
  // user is typing: their edit is never replaced under them.
  const { isDirty } = form.formState;
  useEffect(() => {
    if (!isDirty) form.reset(profileValues(practitioner));
  }, [practitioner, isDirty, form]);

  const practitioners = useReferenceOptions('Practitioners');
  const others = useMemo(() => practitioners.filter((p) => p.reference.id !== practitioner.id), [practitioners, practitioner.id]);
  const listings = useReferenceOptions('Listings');
  const groups = useReferenceOptions('Groups');
  const programs = useReferenceOptions('Programs');
  const memberships = useMemo(() => [...listings, ...groups], [listings, groups]);

  const save = form.handleSubmit(async (values) => {
    await upsert(applyProfile(practitioner, values));
    form.reset(values);
    notifications.show({ color: 'caseload', message: 'Profile saved.' });
  });
  return { form, isDirty, refusal, save, others, memberships, listings, programs };
}
