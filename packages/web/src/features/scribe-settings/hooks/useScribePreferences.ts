import { useCallback } from 'react';
import { usePreferencesSection } from './usePreferencesSection.ts';

export type RetentionMode = 'DeleteOnSign' | 'KeepDays' | 'Keep';

export interface ScribeAudioDraft {
  retention: RetentionMode;
  days: number;
}

function audioDraftOf(values: Record<string, unknown>): ScribeAudioDraft {
  const retention = (values.scribeAudioRetention ?? { mode: 'DeleteOnSign' }) as { mode: RetentionMode; days?: number };
  return { retention: retention.mode, days: retention.days ?? 30 };
}

const audioValues = (draft: ScribeAudioDraft) => ({
  scribeAudioRetention: draft.retention === 'KeepDays' ? { mode: 'KeepDays', days: draft.days } : { mode: draft.retention },
});

/** The practice's `scribeAudioRetention`, saved as the PracticePreferences resource. */
export function useScribePreferences() {
  const section = usePreferencesSection(audioDraftOf, audioValues);
  const { update } = section;
  const change = useCallback((patch: Partial<ScribeAudioDraft>) => update((d) => ({ ...d, ...patch })), [update]);
  return { ...section, change };
}
