import type { QuestionnaireResponse, Questionnaire } from '@caseload/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUpsert } from '../../../data/index.ts';
import type { ResponseChange } from '../components/QuestionnaireForm.tsx';
import { savableAnswers } from '../utils/form-answers.ts';

/** How long typing must pause before the answers are saved (each save is a write-queue entry). */
export const AUTOSAVE_DEBOUNCE_MS = 600;

export interface ResponseAutosave {
  /** Give to QuestionnaireForm's onChange. */
  onChange: (change: ResponseChange) => void;
  /** Saves now what waits (and `extra`, e.g. completion Complete); resolves with the stored copy. */
  save: (extra?: Partial<QuestionnaireResponse>) => Promise<QuestionnaireResponse | undefined>;
  /** When the last save was stored on this device (the write queue sends it; offline it waits). */
  savedAt?: number;
}

/**
 * Saves a response as it is filled in, through the write queue (stored on the device at once,
 * sent when the server can be reached, so it works offline), debounced while typing. Answers
 * with a problem are held back until fixed (savableAnswers), so an autosave is never refused for
 * a half-typed date. Whatever waits is saved when the screen closes.
 */
export function useResponseAutosave(
  questionnaire: Pick<Questionnaire, 'items'> | undefined,
  response: QuestionnaireResponse | undefined,
): ResponseAutosave {
  const upsert = useUpsert<QuestionnaireResponse>('QuestionnaireResponses');
  const latest = useRef(response);
  latest.current = response ?? latest.current;
  const pending = useRef<ResponseChange | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [savedAt, setSavedAt] = useState<number>();

  const save = useCallback(
    async (extra?: Partial<QuestionnaireResponse>) => {
      clearTimeout(timer.current);
      const change = pending.current;
      pending.current = undefined;
      const base = latest.current;
      if (!base || !questionnaire || (!change && !extra)) return base;
      const next: QuestionnaireResponse = {
        ...base,
        ...(change && { answers: savableAnswers(questionnaire, change.answers), signatures: change.signatures }),
        ...extra,
      };
      const stored = await upsert(next);
      latest.current = stored;
      setSavedAt(Date.now());
      return stored;
    },
    [questionnaire, upsert],
  );

  const onChange = useCallback(
    (change: ResponseChange) => {
      pending.current = change;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_DEBOUNCE_MS);
    },
    [save],
  );

  // Leaving the screen must not lose the last pause's worth of typing.
  useEffect(() => () => void (pending.current && save()), [save]);

  return { onChange, save, savedAt };
}
