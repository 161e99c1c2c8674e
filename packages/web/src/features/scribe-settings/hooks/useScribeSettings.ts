import type { ScribeSettings, ScribeSettingsBody, ScribeSettingsCheck } from '@caseload/core';
import { useCallback, useEffect, useState } from 'react';
import { useCurrentPractice } from '../../practice/index.ts';
import { checkScribeProvider, getScribeSettings, putScribeSettings } from '../api/scribe-settings.api.ts';

export type Which = 'transcription' | 'generator';

/** One provider as the form holds it: the key is only ever a new one typed in (or a removal). */
export interface ProviderDraft {
  provider: string;
  baseUrl: string;
  model: string;
  /** A new key to keep; '' keeps the one set. */
  newKey: string;
  removeKey: boolean;
}

export const draftOf = (s: ScribeSettings[Which]): ProviderDraft => ({
  provider: s.provider,
  baseUrl: s.baseUrl ?? '',
  model: s.model ?? '',
  newKey: '',
  removeKey: false,
});

const bodyOf = (d: ProviderDraft) => ({
  provider: d.provider,
  ...(d.baseUrl.trim() && { baseUrl: d.baseUrl.trim() }),
  ...(d.model.trim() && { model: d.model.trim() }),
  ...(d.newKey ? { apiKey: d.newKey } : d.removeKey ? { apiKey: null } : {}),
});

export interface ScribeSettingsState {
  settings?: ScribeSettings;
  loading: boolean;
  loadError?: unknown;
  drafts?: Record<Which, ProviderDraft>;
  setDraft: (which: Which, patch: Partial<ProviderDraft>) => void;
  saving: boolean;
  saveError?: unknown;
  saved: boolean;
  save: () => Promise<void>;
  checks: Partial<Record<Which, ScribeSettingsCheck | { ok: false; message: string; pending?: boolean }>>;
  check: (which: Which) => Promise<void>;
}

/** Reads the practice's scribe providers from the server, edits them as drafts, saves and tries them. */
export function useScribeSettings(): ScribeSettingsState {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const [settings, setSettings] = useState<ScribeSettings>();
  const [drafts, setDrafts] = useState<Record<Which, ProviderDraft>>();
  const [loadError, setLoadError] = useState<unknown>();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const [checks, setChecks] = useState<ScribeSettingsState['checks']>({});

  const accept = useCallback((s: ScribeSettings) => {
    setSettings(s);
    setDrafts({ transcription: draftOf(s.transcription), generator: draftOf(s.generator) });
  }, []);

  useEffect(() => {
    if (!practiceId) return;
    const abort = new AbortController();
    getScribeSettings(practiceId, abort.signal).then(accept, (e: unknown) => {
      if (!abort.signal.aborted) setLoadError(e);
    });
    return () => abort.abort();
  }, [practiceId, accept]);

  const setDraft = useCallback((which: Which, patch: Partial<ProviderDraft>) => {
    setSaved(false);
    setDrafts((d) => d && { ...d, [which]: { ...d[which], ...patch } });
  }, []);

  const save = useCallback(async () => {
    if (!drafts) return;
    setSaving(true);
    setSaveError(undefined);
    try {
      const body = { transcription: bodyOf(drafts.transcription), generator: bodyOf(drafts.generator) } as ScribeSettingsBody;
      accept(await putScribeSettings(practiceId, body));
      setSaved(true);
    } catch (e) {
      setSaveError(e);
    } finally {
      setSaving(false);
    }
  }, [drafts, practiceId, accept]);

  const check = useCallback(
    async (which: Which) => {
      setChecks((c) => ({ ...c, [which]: { ok: false, message: 'Trying…', pending: true } }));
      try {
        const answer = await checkScribeProvider(practiceId, which);
        setChecks((c) => ({ ...c, [which]: answer }));
      } catch (e) {
        setChecks((c) => ({ ...c, [which]: { ok: false, message: e instanceof Error ? e.message : String(e) } }));
      }
    },
    [practiceId],
  );

  return { settings, loading: !settings && !loadError, loadError, drafts, setDraft, saving, saveError, saved, save, checks, check };
}
