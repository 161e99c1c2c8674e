import type { QuestionnaireResponse } from '@caseload/core';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useResource, useSyncState } from '../../../../data/index.ts';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { QuestionnaireForm, useAnsweredQuestionnaire, useResponseAutosave, type ResponseChange } from '../../../forms/index.ts';
import { useCan } from '../../../practice/index.ts';
import { usePortal } from '../../hooks/usePortal.ts';
import { portalDate } from '../../utils/portal-dates.ts';
import { isPortalForm } from '../../utils/portal-forms.ts';

const BACK = (
  <Anchor component={Link} to="/my-forms" fz="sm">
    <Group gap={4} component="span" wrap="nowrap">
      <IconArrowLeft size={16} aria-hidden />
      Forms
    </Group>
  </Anchor>
);

/**
 * `/my-forms/:responseId`: one assigned form, in the forms engine's own renderer. Answers are
 * saved as they are typed (through the write queue, so a lost connection loses nothing) and
 * "Send answers" completes the form once every required answer is there; a sent form is shown
 * read-only, since the portal may no longer change it. Scores are not shown: they are for the
 * care team to read with the patient.
 */
export function PortalResponse() {
  const { responseId } = useParams();
  const { me, patientId } = usePortal();
  const {
    item: response,
    loading,
    error,
  } = useResource<QuestionnaireResponse>('QuestionnaireResponses', responseId, { partition: patientId });
  const mine = response && isPortalForm(response, me) ? response : undefined;
  const answered = useAnsweredQuestionnaire(mine?.questionnaire);
  const questionnaire = answered.questionnaire;
  const autosave = useResponseAutosave(questionnaire, mine);
  const mayAnswer = useCan('Update', 'QuestionnaireResponse');
  const sync = useSyncState();
  const [sent, setSent] = useState(false);
  const started = useRef(false);
  useDocumentTitle(`${questionnaire?.title ?? 'Form'} · Caseload`);

  if (!mine || !questionnaire) {
    if (loading || answered.loading) return <LoadingIndicator fullScreen={false} label="Loading the form" />;
    return (
      <Stack gap="md">
        {BACK}
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This form can't be shown">
          {(response && !mine ? undefined : (error ?? answered.error)?.message) ?? 'The requested data was not found.'}
        </Alert>
      </Stack>
    );
  }

  const complete = mine.completion === 'Complete';
  const editing = !complete && mayAnswer;
  const failed = sync.failed.find((f) => f.collection === 'QuestionnaireResponses' && f.id === mine.id);

  const onChange = (change: ResponseChange) => {
    autosave.onChange(change);
    // The first answer marks a new form started, so the list says so.
    if (mine.completion === 'NotStarted' && !started.current) {
      started.current = true;
      void autosave.save({ completion: 'InProgress' });
    }
  };
  const onSubmit = async (change: ResponseChange) => {
    autosave.onChange(change);
    await autosave.save({ completion: 'Complete' });
    setSent(true);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        {BACK}
        <Badge variant="light" color={complete ? 'intent-success' : 'intent-warning'} data-testid="response-completion">
          {complete ? 'Sent' : 'Not sent yet'}
        </Badge>
      </Group>
      <div>
        <Title order={1} fz={26}>
          {questionnaire.title}
        </Title>
        {questionnaire.description && <Text c="dimmed">{questionnaire.description}</Text>}
      </div>
      {failed && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Your answers were not accepted">
          {failed.detail ?? `The server answered ${failed.status}.`}
        </Alert>
      )}
      {complete && (
        <Alert
          color="intent-success"
          variant="light"
          icon={<IconCircleCheck size={20} />}
          role={sent ? 'status' : undefined}
          title={sent ? 'Thank you' : undefined}
        >
          {sent
            ? sync.online
              ? 'Your answers are with your care team.'
              : 'Your answers are saved on this device and will reach your care team when you are back online.'
            : `You sent these answers on ${portalDate(mine.authored)}. To change one, tell your care team.`}
        </Alert>
      )}
      <QuestionnaireForm
        key={`${mine.id}-${editing ? 'edit' : 'readonly'}`}
        questionnaire={questionnaire}
        response={mine}
        mode={editing ? 'edit' : 'readonly'}
        onChange={onChange}
        onSubmit={onSubmit}
        submitLabel="Send answers"
      />
      {editing && (
        <Text fz="xs" c="dimmed" aria-live="polite" data-testid="autosave-state">
          {autosave.savedAt
            ? `Saved at ${new Date(autosave.savedAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}` +
              (sync.online ? '' : ' on this device; it will be sent when you are back online') +
              '.'
            : 'Your answers are saved as you type, so you can finish later.'}
        </Text>
      )}
      {complete && sent && (
        <Group>
          <Button component={Link} to="/my-forms" variant="default">
            Back to your forms
          </Button>
        </Group>
      )}
      {questionnaire.copyright && (
        <Text fz="xs" c="dimmed">
          {questionnaire.copyright}
        </Text>
      )}
    </Stack>
  );
}
