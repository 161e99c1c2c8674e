import type { Appointment, HealthcareService, Location, Reference } from '@caseload/core';
import { Button, Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCollection } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { useQueuedAppointmentSave } from '../hooks/useQueuedAppointmentSave.ts';
import { bookingDraft } from '../utils/booking-draft.ts';
import { addMinutes } from '../utils/calendar-dates.ts';
import { ConflictWarning } from './ConflictWarning.tsx';
import { PatientSearchSelect } from './PatientSearchSelect.tsx';

export interface BookingSlot {
  start: string;
  minutes: number;
  /** The clinician whose free time was picked, over the calendar's. */
  owner?: Reference;
  locationId?: string;
}

export interface QuickCreateDialogProps {
  /** The slot chosen on the calendar or in the free-slot search (whose and where, then); no slot, closed. */
  slot: BookingSlot | null;
  owner: Reference | undefined;
  onClose(): void;
  onBooked(appointment: Appointment): void;
}

const refOf = (items: readonly (HealthcareService | Location)[], id: string | null): Reference | undefined => {
  const found = items.find((i) => i.id === id);
  return found ? { resourceType: found.resourceType, id: found.id, display: found.name } : undefined;
};
const choices = (items: readonly (HealthcareService | Location)[]) =>
  items.filter((i) => i.active !== false).map((i) => ({ value: i.id, label: i.name }));

/**
 * Booking from the calendar: a slot chosen, the patient, service, visit mode, where, how long, and
 * optionally weekly. Saved through the write queue (offline too); online a conflict comes back
 * here with "Book anyway".
 */
export function QuickCreateDialog({ slot, owner, onClose, onBooked }: QuickCreateDialogProps) {
  return (
    <Modal opened={slot !== null} onClose={onClose} title="New appointment" size="md">
      {slot && <QuickCreateForm slot={slot} owner={owner} onClose={onClose} onBooked={onBooked} />}
    </Modal>
  );
}

function QuickCreateForm({ slot, owner: calendarOwner, onClose, onBooked }: QuickCreateDialogProps & { slot: BookingSlot }) {
  const owner = slot.owner ?? calendarOwner;
  const clock = usePracticeTime();
  const services = useCollection<HealthcareService>('HealthcareServices').items;
  const locations = useCollection<Location>('Locations').items;
  const save = useQueuedAppointmentSave();
  const [patient, setPatient] = useState<Reference>();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [visitMode, setVisitMode] = useState<'InPerson' | 'Telehealth'>('InPerson');
  const [locationId, setLocationId] = useState<string | null>(slot.locationId ?? null);
  const [roomId, setRoomId] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<number>(slot.minutes);
  const [weekly, setWeekly] = useState(false);
  const [count, setCount] = useState<number>(10);
  const [until, setUntil] = useState('');
  const [conflict, setConflict] = useState<{ message: string; draft: Appointment }>();

  const booked = (appointment: Appointment) => {
    onBooked(appointment);
    onClose();
  };
  const submit = useSubmit(async () => {
    if (!patient) throw new Error('Choose the patient.');
    if (!owner) throw new Error('Choose the clinician whose calendar this is.');
    const draft = bookingDraft({
      patient,
      owner,
      start: slot.start,
      minutes,
      visitMode,
      serviceType: refOf(services, serviceId),
      location: refOf(locations, locationId),
      serviceLocation: refOf(locations, roomId),
      placeOfService: locations.find((l) => l.id === (locationId ?? roomId))?.placeOfService,
      ...(weekly && { weekly: until ? { until } : { count } }),
    });
    const outcome = await save(draft);
    if (outcome.kind === 'conflict') setConflict({ message: outcome.conflict.message, draft: outcome.draft });
    else booked(outcome.appointment);
  });
  const bookAnyway = useSubmit(async () => {
    const outcome = await save({ ...conflict!.draft, overrideConflicts: true });
    if (outcome.kind === 'conflict') setConflict({ message: outcome.conflict.message, draft: outcome.draft });
    else booked(outcome.appointment);
  });

  return (
    <form
      aria-label="New appointment"
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {clock.formatRange(slot.start, addMinutes(slot.start, minutes))}
          {owner?.display ? ` · ${owner.display}` : ''}
        </Text>
        <PatientSearchSelect value={patient} onChange={setPatient} />
        <Select
          label="Service"
          data={choices(services)}
          value={serviceId}
          onChange={setServiceId}
          searchable
          clearable
          placeholder="Choose…"
        />
        <SegmentedControl
          aria-label="Visit mode"
          data={[
            { value: 'InPerson', label: 'In person' },
            { value: 'Telehealth', label: 'Telehealth' },
          ]}
          value={visitMode}
          onChange={(v) => setVisitMode(v as 'InPerson' | 'Telehealth')}
        />
        <Group grow>
          <Select label="Location" data={choices(locations)} value={locationId} onChange={setLocationId} searchable clearable />
          {visitMode === 'InPerson' && (
            <Select label="Room" data={choices(locations)} value={roomId} onChange={setRoomId} searchable clearable />
          )}
        </Group>
        <NumberInput
          label="Duration (minutes)"
          min={5}
          max={720}
          step={5}
          value={minutes}
          onChange={(v) => setMinutes(Number(v) || slot.minutes)}
        />
        <Checkbox label="Repeat weekly" checked={weekly} onChange={(e) => setWeekly(e.currentTarget.checked)} />
        {weekly && (
          <Group grow>
            <NumberInput
              label="Number of visits"
              min={2}
              max={520}
              value={count}
              onChange={(v) => setCount(Number(v) || 2)}
              disabled={!!until}
            />
            <TextInput label="Or until" type="date" value={until} onChange={(e) => setUntil(e.currentTarget.value)} />
          </Group>
        )}
        <FormErrorAlert error={submit.error ?? bookAnyway.error} />
        {conflict ? (
          <ConflictWarning
            message={conflict.message}
            pending={bookAnyway.pending}
            onBookAnyway={() => void bookAnyway.run()}
            onCancel={() => setConflict(undefined)}
          />
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.pending}>
              Book
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
