import type { Questionnaire, QuestionnaireResponse, Reference } from '@caseload/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useUpsert } from '../../../data/index.ts';
import { initialAnswers } from '../utils/form-answers.ts';

/** Where a response is filled in and read. */
export const responsePath = (patientId: string, responseId: string) => `/forms/responses/${patientId}/${responseId}`;

/**
 * Starts a response to a questionnaire for a patient (partition = the patient): stored at once
 * through the write queue (offline too), then opened. The server pins the version answered.
 */
export function useStartResponse(patient: Reference): (questionnaire: Questionnaire) => Promise<void> {
  const upsert = useUpsert<QuestionnaireResponse>('QuestionnaireResponses');
  const navigate = useNavigate();
  return useCallback(
    async (q: Questionnaire) => {
      const created = await upsert({
        resourceType: 'QuestionnaireResponse',
        partition: patient.id,
        display: `${q.title} · ${patient.display ?? patient.id}`,
        questionnaire: { resourceType: q.resourceType, id: q.id, display: q.title },
        subject: { resourceType: 'Patient', id: patient.id, ...(patient.display && { display: patient.display }) },
        completion: 'InProgress',
        answers: initialAnswers(q.items ?? []),
      });
      navigate(responsePath(patient.id, created.id));
    },
    [upsert, navigate, patient.id, patient.display],
  );
}
