import { scoreAssessment, type Answers, type Patient, type QuestionnaireResponse } from '@caseload/core';
import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconEdit, IconPrinter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useOpenPatient, useResource, useSyncState } from '../../../../data/index.ts';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { useLabel } from '../../../practice/index.ts';
import { useAnsweredQuestionnaire } from '../../hooks/useAnsweredQuestionnaire.ts';
import { useResponseAutosave } from '../../hooks/useResponseAutosave.ts';
import { useSignatureSigner } from '../../hooks/useSignatureSigner.ts';
import { ScoreSummary } from '../assessments/ScoreSummary.tsx';
import { QuestionnaireForm, type QuestionnaireFormMode, type ResponseChange } from '../QuestionnaireForm.tsx';

export interface ResponseScreenProps {
  patientId: string;
  responseId: string;
}

/**
 * One response (`/forms/responses/:patientId/:responseId`): filled in with autosave while in
 * progress, Submit completes it (every required answer and signature checked first); a complete
 * one shows read-only, with Edit answers and a print view. Scored assessments show the score and
 * band as answered.
 */
export function ResponseScreen({ patientId, responseId }: ResponseScreenProps) {
  useOpenPatient(patientId);
  const { item: response, loading, error } = useResource<QuestionnaireResponse>('QuestionnaireResponses', responseId, { partition: patientId });
  const { item: patient } = useResource<Patient>('Patients', patientId);
  const answered = useAnsweredQuestionnaire(response?.questionnaire);
  const questionnaire = answered.questionnaire;
  const patientLabel = useLabel('patient', 'singular');
  const patientRef = useMemo(() => ({ resourceType: 'Patient', id: patientId, display: patient?.display }), [patientId, patient?.display]);
  const autosave = useResponseAutosave(questionnaire, response);
  const sign = useSignatureSigner(questionnaire, patientRef);
  const [mode, setMode] = useState<QuestionnaireFormMode>();
  const [live, setLive] = useState<Answers>();
  const [refusal, setRefusal] = useState<string>();
  const sync = useSyncState();
  useDocumentTitle(`${questionnaire?.title ?? 'Form'} · Caseload`);

  if (!response || !questionnaire) {
    if (loading || answered.loading) return <LoadingIndicator fullScreen={false} label="Loading the form" />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This form can't be shown">
        {(error ?? answered.error)?.message ?? 'The requested data was not found.'}
      </Alert>
    );
  }

  const complete = response.completion === 'Complete';
  const shown = mode ?? (complete ? 'readonly' : 'edit');
  const failed = sync.failed.find((f) => f.collection === 'QuestionnaireResponses' && f.id === response.id);
  const score = questionnaire.scoring ? (live ? scoreAssessment(questionnaire, live) : response.score) : undefined;

  const onChange = (change: ResponseChange) => {
    autosave.onChange(change);
    if (questionnaire.scoring) setLive(change.answers);
  };
  const onSubmit = async (change: ResponseChange) => {
    setRefusal(undefined);
    autosave.onChange(change);
    await autosave.save({ completion: 'Complete' });
    setMode('readonly');
  };

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={`/patients/${patientId}`}>{patient?.display ?? patientLabel}</Anchor>
        <Text>{questionnaire.title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{questionnaire.title}</Title>
          {questionnaire.description && <Text c="dimmed">{questionnaire.description}</Text>}
        </div>
        <Group>
          <Badge variant="light" color={complete ? 'intent-success' : 'intent-warning'} data-testid="response-completion">
            {complete ? 'Complete' : 'In progress'}
          </Badge>
          {shown !== 'edit' && (
            <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setMode('edit')}>Edit answers</Button>
          )}
          {shown !== 'print' && (
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => setMode('print')}>Print view</Button>
          )}
        </Group>
      </Group>
      {(failed || refusal) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The server refused these answers">
          {refusal ?? failed?.detail}
        </Alert>
      )}
      {score && <ScoreSummary score={score} />}
      {questionnaire.copyright && <Text fz="xs" c="dimmed">{questionnaire.copyright}</Text>}
      <QuestionnaireForm
        key={`${response.id}-${shown}`}
        questionnaire={questionnaire}
        response={response}
        mode={shown}
        onChange={onChange}
        onSubmit={onSubmit}
        onSign={sign}
        submitLabel={complete ? 'Save answers' : 'Submit'}
      />
      {shown === 'edit' && (
        <Text fz="xs" c="dimmed" aria-live="polite" data-testid="autosave-state">
          {autosave.savedAt ? `Saved on this device at ${new Date(autosave.savedAt).toLocaleTimeString()}${sync.online ? '' : '; it will be sent when the server can be reached'}.` : 'Answers are saved as you type.'}
        </Text>
      )}
    </Stack>
  );
}
