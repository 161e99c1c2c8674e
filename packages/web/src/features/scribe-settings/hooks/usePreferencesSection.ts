import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSaveResource } from '../../../ui/admin/useSaveResource.ts';
import { PRACTICE_PREFERENCES_COLLECTION, usePracticePreferences, type PracticePreferencesResource } from '../../practice/index.ts';

type Values = Record<string, unknown>;

/**
 * One section of the scribe settings screen editing part of the PracticePreferences resource: a
 * draft read from the values in force, kept while the administrator edits, and saved as the one
 * resource (its other fields as stored) through the data layer and write queue, like the
 * Preferences tab. `read` must be stable (a module function).
 */
export function usePreferencesSection<D>(read: (values: Values) => D, write: (draft: D) => Values) {
  const { resource, values, loading, error } = usePracticePreferences();
  const save = useSaveResource<PracticePreferencesResource>(PRACTICE_PREFERENCES_COLLECTION);
  const stored = useMemo(() => read(values as unknown as Values), [values, read]);
  const [draft, setDraft] = useState(stored);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!dirty) setDraft(stored);
  }, [stored, dirty]);

  const update = useCallback((change: (draft: D) => D) => {
    setDraft(change);
    setDirty(true);
    setSaved(false);
  }, []);

  const submit = useCallback(async () => {
    setSaving(true);
    setSaveError(undefined);
    try {
      const base = resource ?? { resourceType: 'PracticePreferences' as const, display: 'Practice preferences' };
      await save({ ...base, ...write(draft) } as unknown as PracticePreferencesResource);
      setDirty(false);
      setSaved(true);
    } catch (e) {
      setSaveError(e);
    } finally {
      setSaving(false);
    }
  }, [draft, resource, save, write]);

  return { draft, update, dirty, saving, saveError, saved, submit, loading: loading && !resource, error: resource ? undefined : error };
}
