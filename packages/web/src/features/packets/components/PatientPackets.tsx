import { PACKET_STATUS_LABELS, isPacketExpired, isPacketOpen, type PacketResponse, type RelatedPerson } from '@caseload/core';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceTablet, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCollection } from '../../../data/index.ts';
import { useCan, usePracticeTime } from '../../practice/index.ts';
import { useOpenKiosk } from '../hooks/useOpenKiosk.ts';
import { ResendPacketModal } from './ResendPacketModal.tsx';
import { SendPacketModal } from './SendPacketModal.tsx';

export interface PatientPacketsProps {
  patientId: string;
  patientDisplay?: string;
  relatedPersons: readonly RelatedPerson[];
}

const COLOR = { NotStarted: 'gray', InProgress: 'intent-warning', Submitted: 'intent-assist', Reviewed: 'intent-success' } as const;

/**
 * The packets sent for a patient (a part of the chart's Forms tab): send one, follow it, send its
 * link again (with a new due day), hand the clinic's device over to fill it in ("Fill in the
 * clinic", the kiosk), review it.
 */
export function PatientPackets({ patientId, patientDisplay, relatedPersons }: PatientPacketsProps) {
  const { items, loading, refresh } = useCollection<PacketResponse>('PacketResponses', { partition: patientId });
  const mayCreate = useCan('Create', 'PacketResponse');
  const mayReadPackets = useCan('Read', 'Packet');
  const canSend = mayCreate && mayReadPackets;
  const canReview = useCan('Update', 'PacketResponse');
  const clock = usePracticeTime();
  const [sending, setSending] = useState(false);
  const [resending, setResending] = useState<PacketResponse>();
  const kiosk = useOpenKiosk(patientId);
  const sorted = [...items].sort((a, b) => (b.sentAt ?? '').localeCompare(a.sentAt ?? ''));
  return (
    <Stack gap="sm" component="section" aria-labelledby="chart-packets">
      <Group justify="space-between">
        <Title order={3} fz="lg" id="chart-packets">
          Packets
        </Title>
        {canSend && (
          <Button leftSection={<IconSend size={16} />} variant="light" onClick={() => setSending(true)}>
            Send packet
          </Button>
        )}
      </Group>
      {sorted.length === 0 ? (
        <Text c="dimmed">{loading ? 'Looking for packets…' : 'No packets sent yet.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Packet</Table.Th>
                <Table.Th>Filled in by</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((r) => (
                <Table.Tr key={r.id} data-testid="chart-packet">
                  <Table.Td>{r.display ?? r.packet?.display}</Table.Td>
                  <Table.Td>{r.recipient?.display ?? r.recipient?.resourceType}</Table.Td>
                  <Table.Td>{r.dueDate ? clock.formatDate(`${r.dueDate}T12:00:00Z`) : ''}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={COLOR[r.status] ?? 'gray'}>
                      {PACKET_STATUS_LABELS[r.status] ?? r.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {canReview && (r.status === 'Submitted' || r.status === 'Reviewed') && (
                      <Anchor component={Link} to={`/patients/${patientId}/packets/${r.id}`}>
                        {r.status === 'Submitted' ? 'Review' : 'View'}
                      </Anchor>
                    )}
                    {canReview && isPacketOpen(r) && (
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        {!isPacketExpired(r, new Date()) && (
                          <Button
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconDeviceTablet size={14} aria-hidden />}
                            loading={kiosk.opening === r.id}
                            onClick={() => void kiosk.open(r.id)}
                          >
                            Fill in the clinic
                          </Button>
                        )}
                        <Button size="compact-sm" variant="subtle" onClick={() => setResending(r)}>
                          {isPacketExpired(r, new Date()) ? 'Expired: send again' : 'Send again'}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {kiosk.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The kiosk could not be opened">
          {kiosk.error.message}
        </Alert>
      )}
      {canReview && <ResendPacketModal response={resending} onClose={() => setResending(undefined)} patientId={patientId} />}
      {canSend && (
        <SendPacketModal
          opened={sending}
          onClose={() => setSending(false)}
          onSent={() => void refresh()}
          patientId={patientId}
          patientDisplay={patientDisplay}
          relatedPersons={relatedPersons}
        />
      )}
    </Stack>
  );
}
