import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { warmUpLater } from '../../../ui/warm-up.ts';
import { QueueCard } from '../../notes-queues/index.ts';
import { useLabel, usePracticeTime } from '../../practice/index.ts';
import { useStartNote } from '../hooks/useStartNote.ts';
import { useTodayAppointments } from '../hooks/useTodayAppointments.ts';
import { appointmentPatient, appointmentStatusColor, appointmentStatusLabel, entryKey } from '../utils/appointment-text.ts';
import { AppointmentNoteAction } from './AppointmentNoteAction.tsx';

// The dialog brings the note setup with it, which the dashboard's first screen does not need
// (docs/architecture.md, "Seldom-shown dialogs load on demand").
const loadNewNoteDialog = () => import('../../notes/components/NewNoteDialog.tsx');
warmUpLater(loadNewNoteDialog);
const NewNoteDialog = lazy(() => loadNewNoteDialog().then((m) => ({ default: m.NewNoteDialog })));

const minutesBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 60_000);

const rowStyle = { borderTop: '1px solid var(--mantine-color-default-border)' };

/**
 * "Today": the signed-in clinician's appointments of today on the practice's clock, in time
 * order, each with its patient, time, service, status and note state, and "Start note" (with
 * allowNotesFromAppointments, for those who may write notes) or "Open note".
 */
export function TodayCard() {
  const today = useTodayAppointments();
  const startNote = useStartNote(today.reload);
  const clock = usePracticeTime();
  const patient = useLabel('patient', 'singular');
  const entries = today.entries ?? [];
  return (
    <QueueCard
      title="Today"
      icon={IconCalendarEvent}
      count={today.entries?.length}
      loading={today.loading}
      error={today.error}
      onRetry={today.reload}
      empty={{ title: 'No appointments today', description: 'Your appointments of the day show here, with their notes.' }}
    >
      <FormErrorAlert error={startNote.start.error} />
      <Stack gap={0} component="ul" aria-label="Today's appointments" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {entries.map((entry) => {
          const who = appointmentPatient(entry.appointment, patient);
          const time = clock.formatTime(entry.start);
          const service = entry.appointment.serviceType?.display;
          return (
            <Group key={entryKey(entry)} component="li" justify="space-between" wrap="nowrap" py="xs" style={rowStyle}>
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text fw={600} fz="sm" style={{ width: '7.5rem', flexShrink: 0 }}>
                  <time dateTime={entry.start}>{time}</time>
                </Text>
                <div style={{ minWidth: 0 }}>
                  <Text fw={500} truncate>
                    {who}
                  </Text>
                  <Group gap={6}>
                    <Badge size="sm" variant="dot" color={appointmentStatusColor(entry.status)}>
                      {appointmentStatusLabel(entry.status)}
                    </Badge>
                    <Text fz="sm" c="dimmed" truncate>
                      {[service, `${minutesBetween(entry.start, entry.end)} min`].filter(Boolean).join(' · ')}
                    </Text>
                  </Group>
                </div>
              </Group>
              <AppointmentNoteAction entry={entry} startNote={startNote} label={`${who} at ${time}`} />
            </Group>
          );
        })}
      </Stack>
      {startNote.session && (
        <Suspense fallback={null}>
          <NewNoteDialog patientId={startNote.session.patientId} encounter={startNote.session.encounter} opened onClose={startNote.close} />
        </Suspense>
      )}
    </QueueCard>
  );
}
