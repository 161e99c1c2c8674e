import type { Questionnaire, Reference } from '@caseload/core';
import { useReferencedVersion } from '../../../data/index.ts';
import type { ApiError } from '../../../api/index.ts';
import { collectionOf } from './useSaveQuestionnaire.ts';

/**
 * The version of a questionnaire a response answers: the current one when the response names it
 * (or names none yet), else that version from history, so an old response always shows the
 * questions it answered even after the form was edited.
 */
export function useAnsweredQuestionnaire(ref: Reference | undefined): {
  questionnaire?: Questionnaire;
  loading: boolean;
  error?: ApiError | Error;
} {
  const { item, loading, error } = useReferencedVersion<Questionnaire>(
    collectionOf(ref?.resourceType === 'Form' ? 'Form' : 'Questionnaire'),
    ref,
  );
  return { questionnaire: item, loading, error };
}
