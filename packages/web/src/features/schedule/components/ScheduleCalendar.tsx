import { isoInstant } from '@caseload/core';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCalendarSearch, IconClockHour9 } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useCan, useHasFlag, usePracticePreferences, usePracticeTimeZone } from '../../practice/index.ts';
import type { CalendarEntry } from '../api/schedule.api.ts';
import { useCalendarEntries, type VisibleRange } from '../hooks/useCalendarEntries.ts';
import { useCalendarScope } from '../hooks/useCalendarScope.ts';
import { useMoveEntry } from '../hooks/useMoveEntry.ts';
import { useActorSchedules } from '../hooks/useActorSchedules.ts';
import { useScheduleActor } from '../hooks/useScheduleActor.ts';
import { useScheduleOwner } from '../hooks/useScheduleOwner.ts';
import { businessHoursOf, timeOffEvents } from '../utils/schedule-hours.ts';
import { calendarEvents, entryKey, summaryEvent, type ColourBy } from '../utils/calendar-events.ts';
import { monthEntries } from '../utils/month-summary.ts';
import { selectionSlot } from '../utils/calendar-dates.ts';
import { AppointmentCalendar } from './AppointmentCalendar.tsx';
import { AppointmentDrawer } from './AppointmentDrawer.tsx';
import { CalendarScopePicker } from './CalendarScopePicker.tsx';
import { ConflictWarning } from './ConflictWarning.tsx';
import { FreeSlotsDialog } from './FreeSlotsDialog.tsx';
import { QuickCreateDialog, type BookingSlot } from './QuickCreateDialog.tsx';
import { ScheduleEditorDrawer } from './ScheduleEditorDrawer.tsx';
import { SeriesScopeDialog } from './SeriesScopeDialog.tsx';

/**
 * The schedule (`/schedule`): a clinician's, a location's or a team's appointments by day, week or
 * month on the practice's clock; select a slot to book, drag to move or resize, click to open.
 */
export function ScheduleCalendar() {
  const timeZone = usePracticeTimeZone();
  const [params] = useSearchParams();
  const date = params.get('date');
  const { values: preferences } = usePracticePreferences();
  const scopeState = useCalendarScope();
  const owner = useScheduleOwner(scopeState);
  const [range, setRange] = useState<VisibleRange>();
  const [view, setView] = useState<string>();
  const [colourBy, setColourBy] = useState<ColourBy>('status');
  const [slot, setSlot] = useState<BookingSlot | null>(null);
  const [searching, setSearching] = useState(false);
  const [editingHours, setEditingHours] = useState(false);
  const [opened, setOpened] = useState<CalendarEntry | null>(null);
  const calendar = useCalendarEntries(range, scopeState.practitioners, scopeState.locations);
  const mayCreate = useCan('Create', 'Appointment');
  const mayUpdate = useCan('Update', 'Appointment');
  const mayBook = mayCreate && preferences.appointmentCreation;
  // Schedules are written only with Manage schedules (its flag and its Schedule writes): the server refuses anyone else.
  const managesSchedules = useHasFlag('scheduler', 'CanManageSchedules');
  const mayCreateSchedule = useCan('Create', 'Schedule');
  const mayUpdateSchedule = useCan('Update', 'Schedule');
  const mayManageSchedules = managesSchedules && mayCreateSchedule && mayUpdateSchedule;
  const actor = useScheduleActor(scopeState, owner);
  const { schedules } = useActorSchedules([...scopeState.practitioners, ...scopeState.locations]);
  const businessHours = useMemo(() => businessHoursOf(schedules), [schedules]);
  const move = useMoveEntry(timeZone, (moved, outcome) => {
    // Online the calendar is read again: a series moved changes occurrences beyond the one dragged.
    if (!outcome.queued) return calendar.reload();
    // Offline: the calendar read cannot be made again, so the entry shows what the queue holds.
    const appointment = outcome.appointment;
    calendar.update((entries) =>
      entries.map((e) =>
        entryKey(e) === entryKey(moved) ? { appointment, start: appointment.start, end: appointment.end, status: appointment.status } : e,
      ),
    );
  });
  const events = useMemo(() => {
    const mayMove = { stored: mayUpdate, occurrences: mayUpdate && mayCreate };
    if (view !== 'dayGridMonth') return [...calendarEvents(calendar.value ?? [], colourBy, mayMove), ...timeOffEvents(schedules)];
    const { shown, summaries } = monthEntries(calendar.value ?? [], timeZone);
    return [...calendarEvents(shown, colourBy, mayMove), ...summaries.map((s) => summaryEvent(s.date, s.hidden))];
  }, [calendar.value, colourBy, mayUpdate, mayCreate, view, timeZone, schedules]);
  const nobody = scopeState.practitioners.length + scopeState.locations.length === 0;

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="center">
        <Title order={1} fz={28}>
          Schedule
        </Title>
        <Group gap="sm">
          {calendar.loading && !nobody && <Loader size="sm" aria-label="Loading appointments" />}
          {mayManageSchedules && actor && (
            <Button variant="default" leftSection={<IconClockHour9 size={18} />} onClick={() => setEditingHours(true)}>
              Working hours
            </Button>
          )}
          <Button variant="light" leftSection={<IconCalendarSearch size={18} />} onClick={() => setSearching(true)}>
            Find free time
          </Button>
        </Group>
      </Group>
      <CalendarScopePicker state={scopeState} colourBy={colourBy} onColourBy={setColourBy} />
      <FormErrorAlert error={calendar.error ?? move.error} />
      {move.pending && (
        <ConflictWarning
          message={move.pending.message}
          onBookAnyway={() => void move.bookAnyway()}
          onCancel={move.keepWhereItWas}
          cancelLabel="Keep where it was"
        />
      )}
      {nobody ? (
        <EmptyState
          icon={IconCalendarEvent}
          title="Choose whose calendar to show"
          description="Pick a clinician, a location or a team above to see their appointments."
        />
      ) : (
        <>
          {!calendar.loading && calendar.value?.length === 0 && (
            <Alert variant="light" color="gray" role="status">
              <Text size="sm">No appointments in this period.{mayBook ? ' Select a time on the calendar to book one.' : ''}</Text>
            </Alert>
          )}
          <Paper withBorder p="sm" radius="md">
            <AppointmentCalendar
              events={events}
              timeZone={timeZone}
              initialView={params.get('view') ?? undefined}
              initialDate={date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined}
              mayCreate={mayBook}
              businessHours={businessHours}
              onRange={({ startStr, endStr, view: shownView }) => {
                setView(shownView);
                const next = { from: isoInstant(new Date(startStr)), to: isoInstant(new Date(endStr)) };
                setRange((r) => (r?.from === next.from && r.to === next.to ? r : next));
              }}
              onSelect={({ startStr, endStr, allDay }) => setSlot(selectionSlot(startStr, endStr, allDay, timeZone))}
              onOpen={setOpened}
              onMove={(entry, startStr, endStr, revert) => void move.move(entry, startStr, endStr, revert)}
            />
          </Paper>
        </>
      )}
      <SeriesScopeDialog question={move.question} onAnswer={(scope) => void move.answer(scope)} onCancel={move.keepWhereItWas} />
      <FreeSlotsDialog
        opened={searching}
        practitioner={owner?.id}
        mayBook={mayBook}
        onPick={(picked) => {
          setSearching(false);
          setSlot(picked);
        }}
        onClose={() => setSearching(false)}
      />
      <ScheduleEditorDrawer actor={actor} opened={editingHours} schedules={schedules} onClose={() => setEditingHours(false)} />
      <QuickCreateDialog slot={slot} owner={owner} onClose={() => setSlot(null)} onBooked={() => calendar.reload()} />
      <AppointmentDrawer entry={opened} onClose={() => setOpened(null)} onChanged={() => calendar.reload()} />
    </Stack>
  );
}
