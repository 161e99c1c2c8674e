import { SCRIBE_FORMATS, UNSIGNED_AUDIO_DAYS, type ScribeFormat, type ScribeFormatConfiguration } from '@caseload/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSaveResource } from '../../../ui/admin/useSaveResource.ts';
import { PRACTICE_PREFERENCES_COLLECTION, usePracticePreferences, type PracticePreferencesResource } from '../../practice/index.ts';

export type RetentionMode = 'DeleteOnSign' | 'KeepDays' | 'Keep';

export interface ScribePreferencesDraft {
  retention: RetentionMode;
  days: number;
  /** Days after its last recording that a session never signed keeps its audio. */
  unsignedDays: number;
  defaultFormat: ScribeFormat;
  /** Each format, in the standard order: offered or not, and its sections' order (keys). */
  formats: { format: ScribeFormat; enabled: boolean; sectionOrder: string[] }[];
}

const FORMATS = Object.keys(SCRIBE_FORMATS) as ScribeFormat[];

function draftOf(values: Record<string, unknown>): ScribePreferencesDraft {
  const retention = (values.scribeAudioRetention ?? { mode: 'DeleteOnSign' }) as {
    mode: RetentionMode;
    days?: number;
    unsignedDays?: number;
  };
  const configs = (
    Array.isArray(values.scribeFormatConfigurations) ? values.scribeFormatConfigurations : []
  ) as ScribeFormatConfiguration[];
  return {
    retention: retention.mode,
    days: retention.days ?? 30,
    unsignedDays: retention.unsignedDays ?? UNSIGNED_AUDIO_DAYS,
    defaultFormat: (values.defaultScribeNoteFormat as ScribeFormat | undefined) ?? 'GIRPP',
    formats: FORMATS.map((format) => {
      const c = configs.find((x) => typeof x === 'object' && x?.format === format);
      const keys = SCRIBE_FORMATS[format].map((s) => s.key);
      const order = (c?.sectionOrder ?? []).filter((k) => keys.includes(k));
      return { format, enabled: c?.enabled !== false, sectionOrder: [...order, ...keys.filter((k) => !order.includes(k))] };
    }),
  };
}

/**
 * The scribe's practice preferences (audio retention, formats offered and their section order, the
 * default format), saved as the one PracticePreferences resource through the data layer and write
 * queue, like the Preferences tab. A format's instructions are kept as they are.
 */
export function useScribePreferences() {
  const { resource, values, loading, error } = usePracticePreferences();
  const save = useSaveResource<PracticePreferencesResource>(PRACTICE_PREFERENCES_COLLECTION);
  const stored = useMemo(() => draftOf(values as unknown as Record<string, unknown>), [values]);
  const [draft, setDraft] = useState(stored);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!dirty) setDraft(stored);
  }, [stored, dirty]);

  const change = useCallback((patch: Partial<ScribePreferencesDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
    setSaved(false);
  }, []);

  const submit = useCallback(async () => {
    setSaving(true);
    setSaveError(undefined);
    try {
      const old = (resource?.scribeFormatConfigurations ?? []) as ScribeFormatConfiguration[];
      const scribeFormatConfigurations = draft.formats.map((f) => {
        const instructions = old.find((c) => typeof c === 'object' && c?.format === f.format)?.instructions;
        return { format: f.format, enabled: f.enabled, sectionOrder: f.sectionOrder, ...(instructions && { instructions }) };
      });
      const scribeAudioRetention = {
        mode: draft.retention,
        ...(draft.retention === 'KeepDays' && { days: draft.days }),
        unsignedDays: draft.unsignedDays,
      };
      const base = resource ?? { resourceType: 'PracticePreferences' as const, display: 'Practice preferences' };
      await save({
        ...base,
        scribeAudioRetention,
        scribeFormatConfigurations,
        defaultScribeNoteFormat: draft.defaultFormat,
      } as unknown as PracticePreferencesResource);
      setDirty(false);
      setSaved(true);
    } catch (e) {
      setSaveError(e);
    } finally {
      setSaving(false);
    }
  }, [draft, resource, save]);

  return { draft, change, dirty, saving, saveError, saved, submit, loading: loading && !resource, error: resource ? undefined : error };
}
