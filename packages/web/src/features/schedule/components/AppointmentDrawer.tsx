import { nextAppointmentStatuses, type Encounter } from '@caseload/core';
import { Anchor, Badge, Button, Drawer, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { NewNoteDialog, useMayWriteNotes } from '../../notes/index.ts';
import { useCan, usePracticePreferences, usePracticeTime } from '../../practice/index.ts';
import { StartScribeSessionButton } from '../../scribe/index.ts';
import type { CalendarEntry } from '../api/schedule.api.ts';
import { useStartNote } from '../hooks/useStartNote.ts';
import { useWriteEntry, type EntryChanges } from '../hooks/useWriteEntry.ts';
import { isSettled, patientName, statusColour, statusLabel } from '../utils/calendar-events.ts';
import { ConflictWarning } from './ConflictWarning.tsx';

export interface AppointmentDrawerProps {
  entry: CalendarEntry | null;
  onClose(): void;
  /** An edit was saved: the calendar reads again. */
  onChanged(): void;
}

/** Actions the drawer shows apart: cancelling asks for a reason; entered-in-error sits last. */
const APART = new Set(['cancelled', 'entered-in-error']);

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={90} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/**
 * An appointment opened from the calendar: who, when, what and where, its status with the moves
 * the one transition table allows (core `nextAppointmentStatuses`), cancelling with a reason,
 * "Start note" (allowNotesFromAppointments) and the patient's chart.
 */
export function AppointmentDrawer({ entry, onClose, onChanged }: AppointmentDrawerProps) {
  return (
    <Drawer opened={entry !== null} onClose={onClose} position="right" size="md" title="Appointment">
      {entry && <AppointmentDetails key={entry.appointment.id + entry.start} entry={entry} onClose={onClose} onChanged={onChanged} />}
    </Drawer>
  );
}

function AppointmentDetails({ entry, onClose, onChanged }: AppointmentDrawerProps & { entry: CalendarEntry }) {
  const clock = usePracticeTime();
  const { values: preferences } = usePracticePreferences();
  const mayUpdate = useCan('Update', 'Appointment');
  const mayCreate = useCan('Create', 'Appointment');
  const mayWriteNotes = useMayWriteNotes('Create');
  const write = useWriteEntry();
  const startNote = useStartNote();
  const [reason, setReason] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [conflict, setConflict] = useState<{ message: string; changes: EntryChanges }>();
  const [encounter, setEncounter] = useState<Encounter>();
  const a = entry.appointment;
  const patientId = a.partition;
  // A computed occurrence is stored when acted on: that is a create as well as an edit of its series.
  const mayAct = mayUpdate && (!entry.occurrenceOf || mayCreate);
  const next = mayAct ? nextAppointmentStatuses(entry.status, preferences.appointmentStatuses) : [];

  const change = useSubmit(async (changes: EntryChanges, override?: boolean) => {
    const outcome = await write(entry, changes, override);
    if (outcome.kind === 'conflict') {
      setConflict({ message: outcome.message, changes });
      return;
    }
    onChanged();
    onClose();
  });
  const start = useSubmit(async () => setEncounter(await startNote(entry)));
  const mayStartNote =
    preferences.allowNotesFromAppointments && mayWriteNotes && entry.status !== 'entered-in-error' && (!entry.occurrenceOf || mayAct);

  return (
    <Stack gap="md">
      <div>
        <Title order={3} fz="lg">
          {patientName(entry)}
        </Title>
        <Anchor component={Link} to={`/patients/${encodeURIComponent(patientId)}`} size="sm">
          Open chart
        </Anchor>
      </div>
      <Group gap="xs">
        <Badge color={statusColour(entry.status)} variant="filled" aria-label={`Status: ${statusLabel(entry.status)}`}>
          {statusLabel(entry.status)}
        </Badge>
        {(entry.occurrenceOf || a.recurrence || a.occurrenceOf) && (
          <Badge variant="light" color="gray">
            Recurring
          </Badge>
        )}
      </Group>
      <Stack gap={4}>
        <Row label="When">{clock.formatRange(entry.start, entry.end)}</Row>
        <Row label="Clinician">{a.owner.display ?? 'Unnamed clinician'}</Row>
        {a.serviceType && <Row label="Service">{a.serviceType.display ?? a.serviceType.id}</Row>}
        <Row label="Visit">{a.visitMode === 'Telehealth' ? 'Telehealth' : 'In person'}</Row>
        {a.location && <Row label="Location">{a.location.display ?? a.location.id}</Row>}
        {a.serviceLocation && <Row label="Room">{a.serviceLocation.display ?? a.serviceLocation.id}</Row>}
        {a.reason && <Row label="Reason">{a.reason}</Row>}
        {a.cancellationReason && <Row label="Cancelled">{a.cancellationReason}</Row>}
      </Stack>

      {mayStartNote && (
        <Button onClick={() => void start.run()} loading={start.pending} disabled={isSettled(entry.status) && entry.status !== 'fulfilled'}>
          Start note
        </Button>
      )}
      {mayStartNote && !entry.occurrenceOf && (
        <StartScribeSessionButton
          patientId={patientId}
          appointment={{ resourceType: 'Appointment', id: a.id }}
          clinician={a.owner}
          size="sm"
        />
      )}
      <FormErrorAlert error={start.error ?? change.error} />

      {next.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Change status
          </Text>
          <Group gap="xs">
            {next
              .filter((s) => !APART.has(s))
              .map((s) => (
                <Button key={s} size="xs" variant="light" onClick={() => void change.run({ status: s })} loading={change.pending}>
                  {statusLabel(s)}
                </Button>
              ))}
            {next.includes('entered-in-error') && (
              <Button size="xs" variant="subtle" color="gray" onClick={() => void change.run({ status: 'entered-in-error' })}>
                Entered in error
              </Button>
            )}
          </Group>
        </Stack>
      )}

      {next.includes('cancelled') &&
        (cancelling ? (
          <form
            aria-label="Cancel appointment"
            onSubmit={(e) => {
              e.preventDefault();
              void change.run({ status: 'cancelled', ...(reason.trim() && { cancellationReason: reason.trim() }) });
            }}
          >
            <Stack gap="xs">
              <TextInput label="Reason for cancelling" value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
              <Group gap="xs">
                <Button type="submit" color="red" size="xs" loading={change.pending}>
                  Cancel appointment
                </Button>
                <Button variant="default" size="xs" onClick={() => setCancelling(false)}>
                  Keep it
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Button variant="outline" color="red" onClick={() => setCancelling(true)}>
            Cancel appointment…
          </Button>
        ))}

      {conflict && (
        <ConflictWarning
          message={conflict.message}
          pending={change.pending}
          onBookAnyway={() => void change.run(conflict.changes, true)}
          onCancel={() => setConflict(undefined)}
          cancelLabel="Leave it"
        />
      )}
      {encounter && (
        <NewNoteDialog
          patientId={patientId}
          opened
          encounter={encounter}
          onClose={() => {
            setEncounter(undefined);
            onChanged();
          }}
        />
      )}
    </Stack>
  );
}
