import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCalendarEvent } from '@tabler/icons-react';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { usePortalAppointments } from '../../hooks/usePortalAppointments.ts';
import { visitTime } from '../../utils/portal-appointments.ts';

const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** `/my-appointments`: the visits to come in the next three months, soonest first. */
export function AppointmentsSection() {
  useDocumentTitle('Appointments · Caseload');
  const { visits, loading, error } = usePortalAppointments();
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Appointments
      </Title>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Your visits can't be shown">
          {error.message}
        </Alert>
      )}
      {visits.length === 0 ? (
        loading ? (
          <LoadingIndicator fullScreen={false} label="Loading your visits" />
        ) : (
          <Text c="dimmed">No visits booked in the next three months. Your care team books them with you.</Text>
        )
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Visits to come">
          {visits.map((v) => (
            <Card key={v.key} withBorder radius="md" component="li" data-testid="portal-visit">
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <IconCalendarEvent size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{visitTime(v.start)}</Text>
                  <Text fz="sm" c="dimmed">
                    {[
                      `until ${TIME.format(new Date(v.end))}`,
                      v.appointment.visitMode === 'Telehealth' ? 'video visit' : v.appointment.location?.display,
                      v.appointment.owner?.display && `with ${v.appointment.owner.display}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  {v.appointment.serviceType?.display && <Text fz="sm">{v.appointment.serviceType.display}</Text>}
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
