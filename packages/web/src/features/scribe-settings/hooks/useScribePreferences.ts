import { UNSIGNED_AUDIO_DAYS } from '@caseload/core';
import { useCallback } from 'react';
import { usePreferencesSection } from './usePreferencesSection.ts';

export type RetentionMode = 'DeleteOnSign' | 'KeepDays' | 'Keep';

export interface ScribeAudioDraft {
  retention: RetentionMode;
  days: number;
  /** Days after its last recording that a session never signed keeps its audio. */
  unsignedDays: number;
}

function audioDraftOf(values: Record<string, unknown>): ScribeAudioDraft {
  const retention = (values.scribeAudioRetention ?? { mode: 'DeleteOnSign' }) as {
    mode: RetentionMode;
    days?: number;
    unsignedDays?: number;
  };
  return { retention: retention.mode, days: retention.days ?? 30, unsignedDays: retention.unsignedDays ?? UNSIGNED_AUDIO_DAYS };
}

const audioValues = (draft: ScribeAudioDraft) => ({
  scribeAudioRetention: {
    mode: draft.retention,
    ...(draft.retention === 'KeepDays' && { days: draft.days }),
    ...(draft.retention !== 'Keep' && { unsignedDays: draft.unsignedDays }),
  },
});

/** The practice's `scribeAudioRetention`, saved as the PracticePreferences resource. */
export function useScribePreferences() {
  const section = usePreferencesSection(audioDraftOf, audioValues);
  const { update } = section;
  const change = useCallback((patch: Partial<ScribeAudioDraft>) => update((d) => ({ ...d, ...patch })), [update]);
  return { ...section, change };
}
