import type { Questionnaire, QuestionnaireResponse, Reference } from '@caseload/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useUpsert } from '../../../data/index.ts';
import { initialAnswers } from '../utils/form-answers.ts';

/** Where a response is filled in and read. */
export const responsePath = (patientId: string, responseId: string) => `/forms/responses/${patientId}/${responseId}`;

/** A new response of a patient's (partition = the patient) to a questionnaire; the server pins the version answered. */
function newResponse(q: Questionnaire, patient: Reference, fields: Partial<QuestionnaireResponse>): QuestionnaireResponse {
  const subject = { resourceType: 'Patient', id: patient.id, ...(patient.display && { display: patient.display }) };
  return {
    resourceType: 'QuestionnaireResponse',
    partition: patient.id,
    display: `${q.title} · ${patient.display ?? patient.id}`,
    questionnaire: { resourceType: q.resourceType, id: q.id, display: q.title },
    subject,
    completion: 'InProgress',
    answers: initialAnswers(q.items ?? []),
    ...fields,
  } as QuestionnaireResponse;
}

/**
 * Starts a response to a questionnaire for a patient: stored at once through the write queue
 * (offline too), then opened.
 */
export function useStartResponse(patient: Reference): (questionnaire: Questionnaire) => Promise<void> {
  const upsert = useUpsert<QuestionnaireResponse>('QuestionnaireResponses');
  const navigate = useNavigate();
  // By value: a caller's inline reference does not make a new callback on every render.
  const { resourceType, id, display } = patient;
  return useCallback(
    async (q: Questionnaire) => {
      const created = await upsert(newResponse(q, { resourceType, id, display }, {}));
      navigate(responsePath(id, created.id));
    },
    [upsert, navigate, resourceType, id, display],
  );
}

/**
 * Asks the patient to fill in a questionnaire: a response not started yet whose `author` is the
 * patient, which their portal lists to fill in (docs/portal.md). Stored through the write queue;
 * answers the stored copy.
 */
export function useAssignResponse(patient: Reference): (questionnaire: Questionnaire) => Promise<QuestionnaireResponse> {
  const upsert = useUpsert<QuestionnaireResponse>('QuestionnaireResponses');
  const { resourceType, id, display } = patient;
  return useCallback(
    (q: Questionnaire) =>
      upsert(
        newResponse(q, { resourceType, id, display }, { completion: 'NotStarted', author: { resourceType: 'Patient', id }, answers: {} }),
      ),
    [upsert, resourceType, id, display],
  );
}
