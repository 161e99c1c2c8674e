import type { Questionnaire, QuestionnaireResponse } from '@caseload/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useCollection, type UseCollectionResult } from '../../../data/index.ts';
import { useCan } from '../../practice/index.ts';
import { useAssignResponse, useStartResponse } from './useStartResponse.ts';

/** Questionnaires that can be answered now: Active, or a Draft whose published version is still live. */
const answerable = (q: Questionnaire) =>
  !q.meta?.isDeleted && (q.status === 'Active' || (q.status === 'Draft' && Boolean(q.publishedVersionId)));

export interface PatientFormsState {
  responses: UseCollectionResult<QuestionnaireResponse>;
  /** The patient's responses, newest answered first (deleted ones left out). */
  list: QuestionnaireResponse[];
  /** The questionnaires and forms that can be answered now, and those of them that are scored. */
  definitions: Questionnaire[];
  byId: Map<string, Questionnaire>;
  scored: Questionnaire[];
  /** The profile may start a response. */
  canStart: boolean;
  /** The form picked under "Start another form" (`type/id`). */
  other: string | null;
  setOther: (other: string | null) => void;
  starting: boolean;
  /** Starts a response to `q` and opens it. */
  begin: (q: Questionnaire | undefined) => Promise<void>;
  /** The form picked under "Start another form", if any. */
  chosen: () => Questionnaire | undefined;
  /** Asks the patient to answer `q` in their portal (it waits there, listed here as not started). */
  ask: (q: Questionnaire | undefined) => Promise<void>;
}

/** A patient's responses and the forms that can be started for them. */
export function usePatientForms(patientId: string, patientDisplay: string | undefined): PatientFormsState {
  const responses = useCollection<QuestionnaireResponse>('QuestionnaireResponses', { partition: patientId });
  const questionnaires = useCollection<Questionnaire>('Questionnaires');
  const forms = useCollection<Questionnaire>('Forms');
  const start = useStartResponse({ resourceType: 'Patient', id: patientId, display: patientDisplay });
  const assign = useAssignResponse({ resourceType: 'Patient', id: patientId, display: patientDisplay });
  const canStart = useCan('Create', 'QuestionnaireResponse');
  const [other, setOther] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const definitions = useMemo(() => [...questionnaires.items, ...forms.items].filter(answerable), [questionnaires.items, forms.items]);
  const byId = new Map(definitions.map((q) => [q.id, q]));
  const scored = definitions.filter((q) => q.scoring);
  const list = responses.items.filter((r) => !r.meta?.isDeleted).sort((a, b) => ((a.authored ?? '') < (b.authored ?? '') ? 1 : -1));

  const begin = async (q: Questionnaire | undefined) => {
    if (!q) return;
    setStarting(true);
    try {
      await start(q);
    } finally {
      setStarting(false);
    }
  };

  const chosen = () => definitions.find((q) => `${q.resourceType}/${q.id}` === other);
  const ask = async (q: Questionnaire | undefined) => {
    if (!q) return;
    setStarting(true);
    try {
      await assign(q);
      setOther(null);
      notifications.show({ color: 'caseload', message: `${q.title} is waiting in ${patientDisplay ?? 'the patient'}'s portal.` });
    } finally {
      setStarting(false);
    }
  };

  return { responses, list, definitions, byId, scored, canStart, other, setOther, starting, begin, chosen, ask };
}
