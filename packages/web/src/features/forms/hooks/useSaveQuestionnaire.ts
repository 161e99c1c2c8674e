import type { Questionnaire } from '@caseload/core';
import { useCallback } from 'react';
import { useDataLayer, useUpsert } from '../../../data/index.ts';
import { awaitSaveOutcome, refusalMessage } from '../../../ui/admin/save-outcome.ts';

/** What became of a builder's save. */
export type QuestionnaireSaveResult =
  | { kind: 'saved'; item: Questionnaire }
  | { kind: 'queued'; item: Questionnaire }
  | { kind: 'refused'; item: Questionnaire; message: string };

/** The collection of a definition: Questionnaires or Forms. */
export const collectionOf = (kind: Questionnaire['resourceType']) => (kind === 'Form' ? 'Forms' : 'Questionnaires');

/**
 * Saves a questionnaire or form through the write queue and waits for the server's answer, so
 * the builder can show a refused publish (the server's reason, e.g. 'items.2.pattern is not a
 * valid regular expression.') beside the form, with the draft still on screen. The refusal is
 * then dismissed from the sync indicator, which would only repeat it.
 */
export function useSaveQuestionnaire(
  kind: Questionnaire['resourceType'],
): (draft: Questionnaire | Omit<Questionnaire, 'id' | 'meta'>) => Promise<QuestionnaireSaveResult> {
  const layer = useDataLayer();
  const collection = collectionOf(kind);
  const upsert = useUpsert<Questionnaire>(collection);
  return useCallback(
    async (draft) => {
      const since = Date.now();
      const item = await upsert({ ...draft, resourceType: kind } as Questionnaire);
      const outcome = await awaitSaveOutcome(layer, collection, item.id, since);
      if (outcome.kind === 'refused') {
        await layer.dismissFailed(outcome.failure.hash);
        return { kind: 'refused', item, message: refusalMessage(outcome.failure) };
      }
      if (outcome.kind === 'saved')
        await layer
          .watchCollection(collection)
          .refresh()
          .catch(() => undefined);
      return { kind: outcome.kind, item };
    },
    [layer, upsert, collection, kind],
  );
}
