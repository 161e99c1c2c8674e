import type { QuestionnaireResponse } from '@caseload/core';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { usePortalForms } from '../../hooks/usePortalForms.ts';
import { portalDate } from '../../utils/portal-dates.ts';
import { formTitle } from '../../utils/portal-forms.ts';
import { CardLink } from '../CardLink.tsx';
import { PortalWorkList } from '../PortalWorkList.tsx';

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
  return (
    <PortalWorkList
      title="Forms"
      what="Your forms"
      toDo={toFill}
      done={answered}
      loading={loading}
      error={error}
      row={(r) => <FormRow key={r.id} response={r} />}
      emptyToDo="When your care team asks you to fill in a form, it appears here."
      emptyDone="The forms you send appear here."
    />
  );
}
