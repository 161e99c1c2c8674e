import { notifications } from '@mantine/notifications';
import { useEffect, useMemo } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { useAdminForm, type AdminForm } from '../../../ui/admin/useAdminForm.ts';
import { useSaveResource } from '../../../ui/admin/useSaveResource.ts';
import {
  PRACTICE_PREFERENCES_COLLECTION,
  usePracticePreferences,
  useResourceActions,
  type PracticePreferencesResource,
} from '../../practice/index.ts';
import { preferencesDraft, preferencesFormValues, preferencesSchema, type PreferencesFormValues } from '../utils/preferences-form.ts';

export interface PracticePreferencesForm extends AdminForm<PreferencesFormValues> {
  /** The stored preferences; undefined until read (or when the practice has none yet). */
  resource: PracticePreferencesResource | undefined;
  loading: boolean;
  error?: ApiError;
  /** The user may save them (update the stored ones, or create the first). */
  canSave: boolean;
  /** The stored values as the form holds them: what Discard changes goes back to. */
  current: PreferencesFormValues;
}

/**
 * The practice preferences as a form: the stored values (another device's save shows unless the
 * user is mid-edit), checked by the schema and saved as the one PracticePreferences resource.
 */
export function usePracticePreferencesForm(): PracticePreferencesForm {
  const { resource, values, loading, error } = usePracticePreferences();
  const actions = useResourceActions('PracticePreferences');
  const canSave = resource ? actions.update : actions.create;
  const save = useSaveResource<PracticePreferencesResource>(PRACTICE_PREFERENCES_COLLECTION);
  const schema = useMemo(() => preferencesSchema(), []);
  const current = useMemo(() => preferencesFormValues(values), [values]);
  const admin = useAdminForm<PreferencesFormValues>(schema, current, async (v) => {
    await save(preferencesDraft(resource, v));
    admin.form.reset(v);
    notifications.show({ color: 'caseload', message: 'Practice preferences saved.' });
  });
  const { formState, reset } = admin.form;
  // Another device's save (or the first read) arrives: show it, unless the user is mid-edit.
  useEffect(() => {
    if (!formState.isDirty) reset(current);
  }, [current, formState.isDirty, reset]);
  return { ...admin, resource, loading, error, canSave, current };
}
