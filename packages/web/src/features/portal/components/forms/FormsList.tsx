import type { QuestionnaireResponse } from '@caseload/core';
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconChevronRight, IconClipboardCheck } from '@tabler/icons-react';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { usePortalForms } from '../../hooks/usePortalForms.ts';
import { portalDate } from '../../utils/portal-dates.ts';
import { formTitle } from '../../utils/portal-forms.ts';
import { CardLink } from '../CardLink.tsx';

function FormRow({ response }: { response: QuestionnaireResponse }) {
  const sent = response.completion === 'Complete';
  const started = response.completion === 'InProgress';
  const when = sent
    ? `Sent ${portalDate(response.authored)}`
    : started
      ? `Last saved ${portalDate(response.authored ?? response.meta?.lastModified)}`
      : `Asked for ${portalDate(response.created)}`;
  return (
    <CardLink to={`/my-forms/${response.id}`} data-testid="portal-form">
      <Group wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{formTitle(response)}</Text>
          <Text fz="sm" c="dimmed">
            {when}
          </Text>
        </Stack>
        {!sent && (
          <Badge variant="light" color={started ? 'intent-warning' : 'caseload'}>
            {started ? 'Started' : 'New'}
          </Badge>
        )}
        <Text fz="sm" fw={600} c="var(--mantine-color-anchor)" visibleFrom="xs">
          {sent ? 'View answers' : started ? 'Continue' : 'Fill in'}
        </Text>
        <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
    </CardLink>
  );
}

/** `/my-forms`: the forms waiting for the person's answers, then the ones they have sent. */
export function FormsList() {
  const { toFill, answered, loading, error } = usePortalForms();
  useDocumentTitle('Forms · Caseload');
  const none = toFill.length === 0 && answered.length === 0;

  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        Forms
      </Title>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Your forms could not be read">
          {error.message}
        </Alert>
      )}
      {loading && none ? (
        <LoadingIndicator fullScreen={false} label="Loading your forms" />
      ) : (
        <>
          <Stack gap="sm" component="section" aria-labelledby="portal-to-fill">
            <Title order={2} fz="lg" id="portal-to-fill">
              To fill in
            </Title>
            {toFill.length === 0 ? (
              <EmptyState
                icon={IconClipboardCheck}
                title="Nothing to fill in right now"
                description="When your care team asks you to fill in a form, it appears here."
                headingOrder={3}
              />
            ) : (
              toFill.map((r) => <FormRow key={r.id} response={r} />)
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="portal-sent">
            <Title order={2} fz="lg" id="portal-sent">
              Sent to your care team
            </Title>
            {answered.length === 0 ? (
              <Text c="dimmed">The forms you send appear here.</Text>
            ) : (
              answered.map((r) => <FormRow key={r.id} response={r} />)
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
