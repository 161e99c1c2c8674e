import type { Questionnaire } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';
import type { FormChoice } from '../utils/packet-draft.ts';

export interface PacketFormChoices {
  /** The practice's questionnaires and forms a part may be answered through, by title; retired ones left out. */
  choices: FormChoice[];
  /** A form's definition, for the questions a consent or chart field is filled from. */
  definition: (id: string) => Questionnaire | undefined;
  loading: boolean;
}

/** The forms the packet editor offers for a part (the Manage packets grant set reads both kinds). */
export function useFormChoices(): PacketFormChoices {
  const questionnaires = useCollection<Questionnaire>('Questionnaires');
  const forms = useCollection<Questionnaire>('Forms');
  return useMemo(() => {
    const all = [...questionnaires.items, ...forms.items].filter((q) => !q.meta?.isDeleted);
    const choices = all
      .filter((q) => q.status !== 'Retired')
      .map((q) => ({ resourceType: q.resourceType, id: q.id, title: q.title || q.display || q.id }))
      .sort((a, b) => a.title.localeCompare(b.title));
    const byId = new Map(all.map((q) => [q.id, q]));
    return { choices, definition: (id: string) => byId.get(id), loading: questionnaires.loading || forms.loading };
  }, [questionnaires.items, questionnaires.loading, forms.items, forms.loading]);
}
