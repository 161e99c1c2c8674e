import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { userMessageFor } from '../../../platform/core-web.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { usePracticeTime } from '../../practice/index.ts';
import { StartScribeSessionButton } from '../../scribe/index.ts';
import { usePatientAppointments } from '../hooks/usePatientAppointments.ts';
import type { StartNote } from '../hooks/useStartNote.ts';
import { appointmentStatusColor, appointmentStatusLabel, entryKey } from '../utils/appointment-text.ts';
import { reachText } from '../utils/appointment-windows.ts';
import { AppointmentNoteAction } from './AppointmentNoteAction.tsx';

export interface AppointmentListProps {
  patientId: string;
  direction: 'upcoming' | 'past';
  startNote: StartNote;
}

const rowStyle = { borderTop: '1px solid var(--mantine-color-default-border)' };
const TITLES = { upcoming: 'Upcoming appointments', past: 'Past appointments' } as const;

/** One of the chart's appointment lists, with its loading, error and empty states and "Show more". */
export function AppointmentList({ patientId, direction, startNote }: AppointmentListProps) {
  const list = usePatientAppointments(patientId, direction);
  const clock = usePracticeTime();
  const title = TITLES[direction];
  const headingId = `appointments-${direction}`;
  const reach = reachText(list.windows, direction, (d) => clock.formatDate(d));
  let body;
  if (list.error && !list.entries) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title={`${title} could not be loaded`}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{userMessageFor(list.error)}</Text>
          <Button size="xs" variant="default" onClick={list.reload}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!list.entries) {
    body = <LoadingIndicator fullScreen={false} label={`Loading ${title.toLowerCase()}`} />;
  } else if (list.entries.length === 0) {
    body = (
      <Text c="dimmed" fz="sm">
        No {direction} appointments {reach}.
      </Text>
    );
  } else {
    body = (
      <Stack gap={0} component="ul" aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.entries.map((entry) => {
          const when = clock.format(entry.start, 'weekdayDateTime');
          const details = [entry.appointment.serviceType?.display, entry.appointment.owner.display].filter(Boolean).join(' · ');
          return (
            <Group key={`${entryKey(entry)}@${entry.start}`} component="li" justify="space-between" wrap="nowrap" py="xs" style={rowStyle}>
              <div style={{ minWidth: 0 }}>
                <Text fw={500}>
                  <time dateTime={entry.start}>{when}</time>
                </Text>
                <Group gap={6}>
                  <Badge size="sm" variant="dot" color={appointmentStatusColor(entry.status)}>
                    {appointmentStatusLabel(entry.status)}
                  </Badge>
                  {details && (
                    <Text fz="sm" c="dimmed" truncate>
                      {details}
                    </Text>
                  )}
                </Group>
              </div>
              <Group gap="xs" wrap="nowrap">
                {!entry.occurrenceOf && entry.noteState === 'none' && entry.status !== 'entered-in-error' && (
                  <StartScribeSessionButton
                    patientId={entry.appointment.partition}
                    appointment={{ resourceType: 'Appointment', id: entry.appointment.id }}
                    clinician={entry.appointment.owner}
                    label={when}
                    variant="subtle"
                  />
                )}
                <AppointmentNoteAction entry={entry} startNote={startNote} label={when} />
              </Group>
            </Group>
          );
        })}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} aria-busy={list.loading}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz={18} id={headingId}>
          {title}
        </Title>
        <Text fz="sm" c="dimmed">
          {reach}
        </Text>
      </Group>
      {body}
      {list.entries && (
        <Button variant="subtle" size="xs" mt="sm" onClick={list.showMore} loading={list.loading}>
          {direction === 'upcoming' ? 'Show later' : 'Show earlier'}
        </Button>
      )}
    </Card>
  );
}
