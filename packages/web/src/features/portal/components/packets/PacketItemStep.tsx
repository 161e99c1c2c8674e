import type { PacketItem, QuestionnaireResponse } from '@caseload/core';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useResource, useSyncState } from '../../../../data/index.ts';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { QuestionnaireForm, useAnsweredQuestionnaire, useResponseAutosave, type ResponseChange } from '../../../forms/index.ts';
import { usePortal } from '../../hooks/usePortal.ts';
import { usePortalSigner } from '../../hooks/usePortalSigner.ts';

export interface PacketItemStepProps {
  item: PacketItem;
  responseId: string;
  /** Answers may still change: the packet is open and its link unexpired. */
  open: boolean;
  onBack?: () => void;
  onNext: () => void;
  nextLabel: string;
}

/**
 * One part of a packet: its form in the forms engine's renderer, saved as it is typed through the
 * write queue (so a phone losing its signal, or closed half way, loses nothing), signed with the
 * signature pad where the form asks. "Next" checks the part's required answers and signatures.
 */
export function PacketItemStep({ item, responseId, open, onBack, onNext, nextLabel }: PacketItemStepProps) {
  const { patientId } = usePortal();
  const {
    item: response,
    loading,
    error,
  } = useResource<QuestionnaireResponse>('QuestionnaireResponses', responseId, {
    partition: patientId,
  });
  const answered = useAnsweredQuestionnaire(response?.questionnaire);
  const questionnaire = answered.questionnaire;
  const autosave = useResponseAutosave(questionnaire, response);
  const sign = usePortalSigner(questionnaire);
  const sync = useSyncState();

  if (!response || !questionnaire) {
    if (loading || answered.loading) return <LoadingIndicator fullScreen={false} label={`Loading ${item.title}`} />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This part can't be shown">
        {(error ?? answered.error)?.message ?? 'The requested data was not found.'}
      </Alert>
    );
  }
  const editing = open && response.completion !== 'Complete';
  const failed = sync.failed.find((f) => f.collection === 'QuestionnaireResponses' && f.id === response.id);
  const onSubmit = async (change: ResponseChange) => {
    autosave.onChange(change);
    await autosave.save();
    onNext();
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={22}>
          {item.title}
        </Title>
        {questionnaire.description && <Text c="dimmed">{questionnaire.description}</Text>}
        {!item.required && (
          <Text fz="sm" c="dimmed">
            You may leave this part out.
          </Text>
        )}
      </div>
      {failed && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Your answers were not accepted">
          {failed.detail ?? `The server answered ${failed.status}.`}
        </Alert>
      )}
      <QuestionnaireForm
        key={`${response.id}-${editing ? 'edit' : 'readonly'}`}
        questionnaire={questionnaire}
        response={response}
        mode={editing ? 'edit' : 'readonly'}
        onChange={autosave.onChange}
        onSubmit={onSubmit}
        onSign={editing ? sign : undefined}
        submitLabel={nextLabel}
      />
      {editing && (
        <Text fz="xs" c="dimmed" aria-live="polite" data-testid="autosave-state">
          {autosave.savedAt
            ? `Saved at ${new Date(autosave.savedAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}` +
              (sync.online ? '' : ' on this device; it will be sent when you are back online') +
              '.'
            : 'Your answers are saved as you type, so you can stop and carry on later, on any device.'}
        </Text>
      )}
      <Group justify="space-between">
        {onBack ? (
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
        ) : (
          <span />
        )}
        {!editing && <Button onClick={onNext}>{nextLabel}</Button>}
      </Group>
      {questionnaire.copyright && (
        <Text fz="xs" c="dimmed">
          {questionnaire.copyright}
        </Text>
      )}
    </Stack>
  );
}
