import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconEdit, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { useLabel, usePracticeTime } from '../../../practice/index.ts';
import { useResponseScreen } from '../../hooks/useResponseScreen.ts';
import { ScoreSummary } from '../assessments/ScoreSummary.tsx';
import { QuestionnaireForm } from '../QuestionnaireForm.tsx';

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
  const {
    response,
    patient,
    questionnaire,
    loading,
    error,
    autosave,
    sign,
    mode,
    setMode,
    mayAnswer,
    online,
    failed,
    score,
    onChange,
    onSubmit,
  } = useResponseScreen(patientId, responseId);
  const patientLabel = useLabel('patient', 'singular');
  const clock = usePracticeTime();
  useDocumentTitle(`${questionnaire?.title ?? 'Form'} · Caseload`);

  if (!response || !questionnaire) {
    if (loading) return <LoadingIndicator fullScreen={false} label="Loading the form" />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This form can't be shown">
        {error?.message ?? 'The requested data was not found.'}
      </Alert>
    );
  }

  const complete = response.completion === 'Complete';
  const shown = mode ?? (complete || !mayAnswer ? 'readonly' : 'edit');

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={`/patients/${patientId}`}>
          {patient?.display ?? patientLabel}
        </Anchor>
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
          {shown !== 'edit' && mayAnswer && (
            <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setMode('edit')}>
              Edit answers
            </Button>
          )}
          {shown !== 'print' && (
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => setMode('print')}>
              Print view
            </Button>
          )}
        </Group>
      </Group>
      {failed && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The server refused these answers">
          {failed.detail}
        </Alert>
      )}
      {score && <ScoreSummary score={score} />}
      {questionnaire.copyright && (
        <Text fz="xs" c="dimmed">
          {questionnaire.copyright}
        </Text>
      )}
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
          {autosave.savedAt
            ? `Saved on this device at ${clock.format(autosave.savedAt, 'timeSeconds')}` +
              (online ? '' : '; it will be sent when the server can be reached') +
              '.'
            : 'Answers are saved as you type.'}
        </Text>
      )}
    </Stack>
  );
}
