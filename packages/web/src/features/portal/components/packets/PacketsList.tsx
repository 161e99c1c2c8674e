import { PACKET_STATUS_LABELS, type PacketResponse } from '@caseload/core';
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconChevronRight, IconClipboardCheck } from '@tabler/icons-react';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { usePortalPackets } from '../../hooks/usePortalPackets.ts';
import { portalDate } from '../../utils/portal-dates.ts';
import { CardLink } from '../CardLink.tsx';

const COLOR = { NotStarted: 'caseload', InProgress: 'intent-warning', Submitted: 'intent-success', Reviewed: 'intent-success' } as const;

function PacketRow({ response }: { response: PacketResponse }) {
  const open = response.status === 'NotStarted' || response.status === 'InProgress';
  return (
    <CardLink to={`/my-packets/${response.id}`} data-testid="portal-packet">
      <Group wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{response.display ?? response.packet?.display ?? 'Paperwork'}</Text>
          <Text fz="sm" c="dimmed">
            {open
              ? `Due ${portalDate(response.dueDate)} · ${response.responses?.length ?? 0} parts`
              : `Sent ${portalDate(response.submittedAt)}`}
          </Text>
        </Stack>
        <Badge variant="light" color={COLOR[response.status] ?? 'gray'}>
          {PACKET_STATUS_LABELS[response.status] ?? response.status}
        </Badge>
        <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
    </CardLink>
  );
}

/** `/my-packets`: the paperwork to fill in (soonest due first), then what was sent. */
export function PacketsList() {
  const { toDo, done, loading, error } = usePortalPackets();
  useDocumentTitle('Paperwork · Caseload');
  const none = toDo.length === 0 && done.length === 0;
  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        Paperwork
      </Title>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Your paperwork could not be read">
          {error.message}
        </Alert>
      )}
      {loading && none ? (
        <LoadingIndicator fullScreen={false} label="Loading your paperwork" />
      ) : (
        <>
          <Stack gap="sm" component="section" aria-labelledby="portal-packets-to-do">
            <Title order={2} fz="lg" id="portal-packets-to-do">
              To fill in
            </Title>
            {toDo.length === 0 ? (
              <EmptyState
                icon={IconClipboardCheck}
                title="Nothing to fill in right now"
                description="When your care team sends you paperwork before a visit, it appears here."
                headingOrder={3}
              />
            ) : (
              toDo.map((r) => <PacketRow key={r.id} response={r} />)
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="portal-packets-done">
            <Title order={2} fz="lg" id="portal-packets-done">
              Sent to your care team
            </Title>
            {done.length === 0 ? (
              <Text c="dimmed">The paperwork you send appears here.</Text>
            ) : (
              done.map((r) => <PacketRow key={r.id} response={r} />)
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
