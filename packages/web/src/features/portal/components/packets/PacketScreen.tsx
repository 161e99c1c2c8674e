import { PACKET_STATUS_LABELS, isPacketOpen, type Packet, type PacketResponse } from '@caseload/core';
import { Alert, Anchor, Badge, Button, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useReferencedVersion, useResource } from '../../../../data/index.ts';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { usePacketSubmit } from '../../hooks/usePacketSubmit.ts';
import { usePortal } from '../../hooks/usePortal.ts';
import { portalDate } from '../../utils/portal-dates.ts';
import { isLinkExpired, isMyPacket } from '../../utils/portal-packets.ts';
import { PacketItemStep } from './PacketItemStep.tsx';

const BACK = (
  <Anchor component={Link} to="/my-packets" fz="sm">
    <Group gap={4} component="span" wrap="nowrap">
      <IconArrowLeft size={16} aria-hidden />
      Paperwork
    </Group>
  </Anchor>
);

/**
 * `/my-packets/:id`: a packet stepped through one part at a time (`?part=` keeps the place, so a
 * reload or another device opens where one was), then "Check and send", which submits it. The
 * server names any part still missing; once sent the parts are read only.
 */
export function PacketScreen() {
  const { packetResponseId } = useParams();
  const { me, patientId } = usePortal();
  const [params, setParams] = useSearchParams();
  const { item: response, loading, error } = useResource<PacketResponse>('PacketResponses', packetResponseId, { partition: patientId });
  const mine = response && isMyPacket(response, me) ? response : undefined;
  // The parts as sent (the version the response names): a packet edited since keeps its sent shape.
  const { item: packet, loading: packetLoading } = useReferencedVersion<Packet>('Packets', mine?.packet);
  const submit = usePacketSubmit(mine?.id);
  useDocumentTitle(`${mine?.display ?? 'Paperwork'} · Caseload`);

  if (!mine || !packet) {
    if (loading || packetLoading) return <LoadingIndicator fullScreen={false} label="Loading your paperwork" />;
    return (
      <Stack gap="md">
        {BACK}
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This paperwork can't be shown">
          {(response && !mine ? undefined : error?.message) ?? 'The requested data was not found.'}
        </Alert>
      </Stack>
    );
  }

  const items = packet.forms;
  const steps = items.length + 1;
  const part = Math.min(Math.max(Number(params.get('part') ?? '1') || 1, 1), steps);
  const go = (n: number) => {
    setParams({ part: String(n) });
    window.scrollTo({ top: 0 });
  };
  const expired = isLinkExpired(mine);
  const open = isPacketOpen(mine) && !expired;
  const item = items[part - 1];
  const entry = item && mine.responses.find((r) => r.item === item.key);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        {BACK}
        <Badge variant="light" color={open ? 'intent-warning' : 'intent-success'} data-testid="packet-status">
          {PACKET_STATUS_LABELS[mine.status]}
        </Badge>
      </Group>
      <div>
        <Title order={1} fz={26}>
          {mine.display ?? packet.name}
        </Title>
        <Text c="dimmed">Please complete by {portalDate(mine.dueDate)}.</Text>
      </div>
      <div>
        <Text fz="sm" fw={600} id="packet-progress">
          {part <= items.length ? `Part ${part} of ${items.length}` : 'Check and send'}
        </Text>
        {/* The progressbar is the section, so its name goes there (axe: aria-progressbar-name). */}
        <Progress.Root size="sm" mt={4}>
          <Progress.Section value={(Math.min(part, steps) / steps) * 100} aria-labelledby="packet-progress" />
        </Progress.Root>
      </div>
      {expired && isPacketOpen(mine) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This link has expired">
          Ask your care team to send it again. What you filled in is kept.
        </Alert>
      )}
      {item && entry ? (
        <PacketItemStep
          key={entry.response.id}
          item={item}
          responseId={entry.response.id}
          open={open}
          onBack={part > 1 ? () => go(part - 1) : undefined}
          onNext={() => go(part + 1)}
          nextLabel={part < items.length ? 'Next' : 'Save and check'}
        />
      ) : (
        <Stack gap="md">
          {mine.status === 'NotStarted' || mine.status === 'InProgress' ? (
            <>
              <Text>You are about to send these parts to your care team:</Text>
              <List spacing={4}>
                {items.map((i, n) => (
                  <List.Item key={i.key}>
                    <Anchor component="button" type="button" onClick={() => go(n + 1)}>
                      {i.title}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
              {submit.error && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Not sent yet">
                  {submit.error.issues.length > 0 ? (
                    <List size="sm" spacing={2}>
                      {submit.error.issues.map((i) => (
                        <List.Item key={i.path}>{i.message}</List.Item>
                      ))}
                    </List>
                  ) : (
                    submit.error.message
                  )}
                </Alert>
              )}
              <Group justify="space-between">
                <Button variant="default" onClick={() => go(items.length)}>
                  Back
                </Button>
                <Button onClick={() => void submit.submit()} loading={submit.submitting} disabled={!open}>
                  Send to my care team
                </Button>
              </Group>
            </>
          ) : (
            <Alert color="intent-success" variant="light" icon={<IconCircleCheck size={20} />} role="status" title="Thank you">
              You sent this paperwork on {portalDate(mine.submittedAt)}. To change an answer, tell your care team.
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
