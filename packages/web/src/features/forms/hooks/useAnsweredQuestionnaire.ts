import type { Questionnaire, Reference } from '@caseload/core';
import { useMemo } from 'react';
import { useDataLayer, useResource, useServerRead } from '../../../data/index.ts';
import type { ApiError } from '../../../api/index.ts';
import { collectionOf } from './useSaveQuestionnaire.ts';

/** An older version as read: the questionnaire, or why it could not be read. */
interface OldVersion {
  versionId: string;
  item?: Questionnaire;
  error?: Error;
}

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
  const layer = useDataLayer();
  const collection = collectionOf(ref?.resourceType === 'Form' ? 'Form' : 'Questionnaire');
  const current = useResource<Questionnaire>(collection, ref?.id);
  const wanted = ref?.versionId && current.item && current.item.meta.versionId !== ref.versionId ? ref.versionId : undefined;
  // A failure is shown as this version's error, so the read itself never fails.
  const read = useMemo(
    () =>
      wanted && ref
        ? () =>
            layer.readVersion<Questionnaire>(collection, ref.id, wanted).then(
              (item): OldVersion => ({ versionId: wanted, item }),
              (error: unknown): OldVersion => ({ versionId: wanted, error: error instanceof Error ? error : new Error(String(error)) }),
            )
        : undefined,
    [layer, collection, ref, wanted],
  );
  const { value: old } = useServerRead(read);
  if (!wanted) return { questionnaire: current.item, loading: current.loading, error: current.error };
  if (old?.versionId !== wanted) return { loading: true };
  return {
    questionnaire: old.item,
    loading: false,
    error: old.error ?? (old.item ? undefined : new Error('The requested data was not found.')),
  };
}
