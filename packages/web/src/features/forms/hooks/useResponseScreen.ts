import {
  scoreAssessment,
  type Answers,
  type Patient,
  type Questionnaire,
  type QuestionnaireResponse,
  type ResponseScore,
  type ResponseSignature,
} from '@caseload/core';
import { useMemo, useState } from 'react';
import { useOpenPatient, useResource, useSyncState, type FailedUpsert } from '../../../data/index.ts';
import type { ApiError } from '../../../api/index.ts';
import { useCan } from '../../practice/index.ts';
import type { QuestionnaireFormMode, ResponseChange } from '../components/QuestionnaireForm.tsx';
import type { SignatureCapture } from './form-runtime-context.ts';
import { useAnsweredQuestionnaire } from './useAnsweredQuestionnaire.ts';
import { useResponseAutosave, type ResponseAutosave } from './useResponseAutosave.ts';
import { useSignatureSigner } from './useSignatureSigner.ts';

export interface ResponseScreenState {
  response: QuestionnaireResponse | undefined;
  patient: Patient | undefined;
  /** The version of the questionnaire the response answers. */
  questionnaire: Questionnaire | undefined;
  loading: boolean;
  error: ApiError | Error | undefined;
  autosave: ResponseAutosave;
  sign: ((capture: SignatureCapture, answers: Answers) => Promise<ResponseSignature>) | undefined;
  /** The mode the user chose (edit, read-only, print), if any. */
  mode: QuestionnaireFormMode | undefined;
  setMode: (mode: QuestionnaireFormMode) => void;
  /** The profile may change answers. */
  mayAnswer: boolean;
  /** The device is online (what the autosave note says). */
  online: boolean;
  /** The server's refusal of this response's last save, if any. */
  failed: FailedUpsert | undefined;
  /** A scored assessment's score: live as answers change, else as stored. */
  score: ResponseScore | undefined;
  onChange: (change: ResponseChange) => void;
  /** Completes the response (saved with completion Complete), then shows it read-only. */
  onSubmit: (change: ResponseChange) => Promise<void>;
}

/**
 * One response screen's data and saves: the patient held open, the response and the questionnaire
 * version it answers, autosave while answering, signatures, and the live score.
 */
export function useResponseScreen(patientId: string, responseId: string): ResponseScreenState {
  useOpenPatient(patientId);
  const {
    item: response,
    loading,
    error,
  } = useResource<QuestionnaireResponse>('QuestionnaireResponses', responseId, { partition: patientId });
  const { item: patient } = useResource<Patient>('Patients', patientId);
  const answered = useAnsweredQuestionnaire(response?.questionnaire);
  const questionnaire = answered.questionnaire;
  const patientRef = useMemo(() => ({ resourceType: 'Patient', id: patientId, display: patient?.display }), [patientId, patient?.display]);
  const autosave = useResponseAutosave(questionnaire, response);
  const sign = useSignatureSigner(questionnaire, patientRef);
  const [mode, setMode] = useState<QuestionnaireFormMode>();
  const [live, setLive] = useState<Answers>();
  const sync = useSyncState();
  const mayAnswer = useCan('Update', 'QuestionnaireResponse');

  const failed = response && sync.failed.find((f) => f.collection === 'QuestionnaireResponses' && f.id === response.id);
  const score = questionnaire?.scoring ? (live ? scoreAssessment(questionnaire, live) : response?.score) : undefined;

  const onChange = (change: ResponseChange) => {
    autosave.onChange(change);
    if (questionnaire?.scoring) setLive(change.answers);
  };
  const onSubmit = async (change: ResponseChange) => {
    autosave.onChange(change);
    await autosave.save({ completion: 'Complete' });
    setMode('readonly');
  };

  return {
    response,
    patient,
    questionnaire,
    loading: loading || answered.loading,
    error: error ?? answered.error,
    autosave,
    sign,
    mode,
    setMode,
    mayAnswer,
    online: sync.online,
    failed,
    score,
    onChange,
    onSubmit,
  };
}
