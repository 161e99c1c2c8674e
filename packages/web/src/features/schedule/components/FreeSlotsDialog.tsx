import type { Location, Practitioner, Reference } from '@caseload/core';
import { Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCollection } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { usePracticeTime, usePracticeTimeZone } from '../../practice/index.ts';
import { useFreeSlots } from '../hooks/useFreeSlots.ts';
import { DEFAULT_MINUTES } from '../utils/calendar-dates.ts';
import { searchFrom, validMinutes } from '../utils/free-slot-search.ts';

/** A slot picked to book: its start and length, whose and where. */
export interface PickedSlot {
  start: string;
  minutes: number;
  owner: Reference;
  locationId?: string;
}

export interface FreeSlotsDialogProps {
  opened: boolean;
  /** The clinician searched first (the calendar's). */
  practitioner: string | undefined;
  /** Booking is offered: each slot is a button that opens quick-create prefilled. */
  mayBook: boolean;
  onPick(slot: PickedSlot): void;
  onClose(): void;
}

const options = (items: readonly { id: string; display?: string; name?: string }[]) =>
  items.map((r) => ({ value: r.id, label: r.display ?? r.name ?? r.id })).sort((a, b) => a.label.localeCompare(b.label));

/**
 * "The next 5 free 50-minute slots for this clinician at this location": clinician, location (or
 * any), length and from which day; the slots in the clinician's working hours that nothing
 * booked takes, each one a button that books it (quick-create prefilled).
 */
export function FreeSlotsDialog({ opened, onClose, ...props }: FreeSlotsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Find free time" size="md" closeOnEscape>
      {opened && <FreeSlotsForm onClose={onClose} {...props} />}
    </Modal>
  );
}

function FreeSlotsForm({ practitioner: initial, mayBook, onPick }: Omit<FreeSlotsDialogProps, 'opened'>) {
  const clock = usePracticeTime();
  const timeZone = usePracticeTimeZone();
  const practitioners = useCollection<Practitioner>('Practitioners');
  const locations = useCollection<Location>('Locations');
  // Until the user picks one, the calendar's clinician, which may arrive after the dialog opened (its scope loads).
  const [chosen, setPractitioner] = useState<string | null>();
  const practitioner = chosen === undefined ? (initial ?? null) : chosen;
  const [location, setLocation] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<number | string>(DEFAULT_MINUTES);
  const [from, setFrom] = useState(() => clock.dateOf(new Date()));
  const [invalid, setInvalid] = useState<string>();
  const { search, slots } = useFreeSlots();
  const length = validMinutes(minutes);
  const whose = practitioners.items.find((p) => p.id === practitioner);
  const placeName = (id: string | undefined) => (id ? (locations.items.find((l) => l.id === id)?.name ?? id) : undefined);

  return (
    <Stack gap="sm">
      <form
        aria-label="Find free time"
        onSubmit={(e) => {
          e.preventDefault();
          if (!practitioner) return setInvalid('Choose the clinician.');
          if (!length) return setInvalid('The length is a whole number of minutes from 5 to 720.');
          setInvalid(undefined);
          const start = searchFrom(from, timeZone, new Date());
          void search.run({ practitioner, minutes: length, ...(location && { location }), ...(start && { from: start }) });
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Select
              label="Clinician"
              data={options(practitioners.items)}
              value={practitioner}
              onChange={setPractitioner}
              searchable
              placeholder={practitioners.loading ? 'Loading…' : 'Choose a clinician'}
            />
            <Select
              label="Location"
              data={options(locations.items.filter((l) => l.active !== false))}
              value={location}
              onChange={setLocation}
              searchable
              clearable
              placeholder="Any location"
            />
          </Group>
          <Group grow align="flex-start">
            <NumberInput label="Length (minutes)" min={5} max={720} step={5} value={minutes} onChange={setMinutes} />
            <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          </Group>
          {invalid && (
            <Text size="sm" c="red" role="alert">
              {invalid}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={search.pending}>
              Find slots
            </Button>
          </Group>
        </Stack>
      </form>
      <FormErrorAlert error={search.error} />
      {slots && slots.length === 0 && (
        <Alert variant="light" color="gray" role="status">
          <Text size="sm">No free time in the next 60 days: check the clinician’s working hours, or try another location or length.</Text>
        </Alert>
      )}
      {slots && slots.length > 0 && (
        <Stack gap="xs" role="list" aria-label="Free slots">
          {slots.map((slot) => {
            const label = clock.formatRange(slot.start, slot.end);
            const where = placeName(slot.locationId);
            return (
              <Group key={slot.start} role="listitem" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {label}
                  {where && (
                    <Text span c="dimmed" size="sm">
                      {' · '}
                      {where}
                    </Text>
                  )}
                </Text>
                {mayBook && whose && (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Book ${label}`}
                    onClick={() =>
                      onPick({
                        start: slot.start,
                        minutes: length ?? DEFAULT_MINUTES,
                        owner: { resourceType: 'Practitioner', id: whose.id, ...(whose.display && { display: whose.display }) },
                        ...(slot.locationId && { locationId: slot.locationId }),
                      })
                    }
                  >
                    Book
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
