import { PACKET_STATUS_LABELS, type PacketResponse } from '@caseload/core';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { usePortalPackets } from '../../hooks/usePortalPackets.ts';
import { portalDate } from '../../utils/portal-dates.ts';
import { CardLink } from '../CardLink.tsx';
import { PortalWorkList } from '../PortalWorkList.tsx';

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
  return (
    <PortalWorkList
      title="Paperwork"
      what="Your paperwork"
      toDo={toDo}
      done={done}
      loading={loading}
      error={error}
      row={(r) => <PacketRow key={r.id} response={r} />}
      emptyToDo="When your care team sends you paperwork before a visit, it appears here."
      emptyDone="The paperwork you send appears here."
    />
  );
}
