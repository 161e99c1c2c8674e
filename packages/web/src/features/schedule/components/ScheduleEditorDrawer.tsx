import { Weekdays, type Location, type Reference, type Schedule, type Weekday } from '@caseload/core';
import { ActionIcon, Button, Checkbox, Drawer, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useCollection } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { usePracticeTime } from '../../practice/index.ts';
import { useScheduleEditor, type ScheduleEditor } from '../hooks/useScheduleEditor.ts';

export interface ScheduleEditorDrawerProps {
  /** Whose schedule: the calendar's clinician or location; none, closed. */
  actor: Reference | undefined;
  opened: boolean;
  /** The actor's stored schedules (the first is edited). */
  schedules: readonly Schedule[];
  onClose(): void;
}

const WEEKDAY_OPTIONS = Weekdays.map((d) => ({ value: d, label: d }));

/**
 * A clinician's or location's working hours (docs/scheduling.md, "Schedules"): hours per
 * weekday, breaks, time off, where the clinician works and whether the schedule is in use; saved
 * through the write queue. Offered only to users with Manage schedules (CanManageSchedules).
 */
export function ScheduleEditorDrawer({ actor, opened, schedules, onClose }: ScheduleEditorDrawerProps) {
  const stored = schedules.find((s) => s.actor.id === actor?.id);
  return (
    <Drawer opened={opened && !!actor} onClose={onClose} position="right" size={760} title="Working hours">
      {actor && opened && <ScheduleForm key={`${actor.id}:${stored?.id ?? 'new'}`} actor={actor} stored={stored} onClose={onClose} />}
    </Drawer>
  );
}

function ScheduleForm({ actor, stored, onClose }: { actor: Reference; stored: Schedule | undefined; onClose(): void }) {
  const editor = useScheduleEditor(actor, stored, onClose);
  const { draft, change } = editor;
  const locations = useCollection<Location>('Locations').items.filter((l) => l.active !== false);
  return (
    <form
      aria-label="Working hours"
      onSubmit={(e) => {
        e.preventDefault();
        void editor.save.run();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {actor.display ?? actor.id}
          {stored ? '' : ' has no schedule yet: these are the usual hours to start from.'}
        </Text>
        <Group grow align="flex-end">
          {actor.resourceType === 'Practitioner' && (
            <Select
              label="Works at"
              data={locations.map((l) => ({ value: l.id, label: l.name }))}
              value={draft.location?.id ?? null}
              onChange={(id) => {
                const l = locations.find((x) => x.id === id);
                change(({ location: _l, ...d }) => (l ? { ...d, location: { resourceType: 'Location', id: l.id, display: l.name } } : d));
              }}
              clearable
              placeholder="Any location"
            />
          )}
          <Checkbox
            label="In use"
            checked={draft.active !== false}
            onChange={(e) => {
              const active = e.currentTarget.checked;
              change((d) => ({ ...d, active }));
            }}
          />
        </Group>
        <HoursSection editor={editor} />
        <BreaksSection editor={editor} />
        <TimeOffSection editor={editor} />
        <FormErrorAlert error={editor.save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={editor.save.pending} disabled={!editor.dirty}>
            Save working hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TimeField({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return <TextInput type="time" label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} w={120} />;
}

function Remove({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick} mb={4}>
      <IconTrash size={18} />
    </ActionIcon>
  );
}

function HoursSection({ editor: { draft, change } }: { editor: ScheduleEditor }) {
  const set = (i: number, fields: Partial<Schedule['workingHours'][number]>) =>
    change((d) => ({ ...d, workingHours: d.workingHours.map((h, j) => (j === i ? { ...h, ...fields } : h)) }));
  return (
    <Stack gap="xs" component="section" aria-label="Hours">
      <Title order={3} fz="md">
        Hours
      </Title>
      {draft.workingHours.length === 0 && (
        <Text size="sm" c="dimmed">
          No working hours: nothing can be found free.
        </Text>
      )}
      {draft.workingHours.map((h, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label="Day"
            data={WEEKDAY_OPTIONS}
            value={h.weekday}
            onChange={(v) => v && set(i, { weekday: v as Weekday })}
            allowDeselect={false}
            w={150}
          />
          <TimeField label="From" value={h.startTime} onChange={(startTime) => set(i, { startTime })} />
          <TimeField label="To" value={h.endTime} onChange={(endTime) => set(i, { endTime })} />
          <Remove
            label={`Remove ${h.weekday} ${h.startTime} to ${h.endTime}`}
            onClick={() => change((d) => ({ ...d, workingHours: d.workingHours.filter((_, j) => j !== i) }))}
          />
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        onClick={() =>
          change((d) => ({ ...d, workingHours: [...d.workingHours, { weekday: 'Monday', startTime: '09:00', endTime: '17:00' }] }))
        }
      >
        Add hours
      </Button>
    </Stack>
  );
}

function BreaksSection({ editor: { draft, change } }: { editor: ScheduleEditor }) {
  const breaks = draft.breaks ?? [];
  const set = (i: number, fields: Partial<NonNullable<Schedule['breaks']>[number]>) =>
    change((d) => ({ ...d, breaks: (d.breaks ?? []).map((b, j) => (j === i ? { ...b, ...fields } : b)) }));
  return (
    <Stack gap="xs" component="section" aria-label="Breaks">
      <Title order={3} fz="md">
        Breaks
      </Title>
      {breaks.map((b, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label="Break" value={b.label ?? ''} onChange={(e) => set(i, { label: e.currentTarget.value })} w={140} />
          <TimeField label="From" value={b.startTime} onChange={(startTime) => set(i, { startTime })} />
          <TimeField label="To" value={b.endTime} onChange={(endTime) => set(i, { endTime })} />
          <MultiSelect
            label="Days"
            data={WEEKDAY_OPTIONS}
            value={b.weekdays ?? []}
            onChange={(v) => set(i, { weekdays: v as Weekday[] })}
            placeholder={b.weekdays?.length ? undefined : 'Every day'}
            style={{ flex: 1 }}
          />
          <Remove
            label={`Remove break ${b.startTime} to ${b.endTime}`}
            onClick={() => change((d) => ({ ...d, breaks: (d.breaks ?? []).filter((_, j) => j !== i) }))}
          />
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        onClick={() => change((d) => ({ ...d, breaks: [...(d.breaks ?? []), { startTime: '12:00', endTime: '13:00', label: 'Lunch' }] }))}
      >
        Add a break
      </Button>
    </Stack>
  );
}

function TimeOffSection({ editor: { draft, change } }: { editor: ScheduleEditor }) {
  const clock = usePracticeTime();
  const timeOff = draft.timeOff ?? [];
  const set = (i: number, fields: Partial<NonNullable<Schedule['timeOff']>[number]>) =>
    change((d) => ({ ...d, timeOff: (d.timeOff ?? []).map((t, j) => (j === i ? { ...t, ...fields } : t)) }));
  return (
    <Stack gap="xs" component="section" aria-label="Time off">
      <Title order={3} fz="md">
        Time off
      </Title>
      {timeOff.map((t, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            type="datetime-local"
            label="From"
            value={clock.toInput(t.start).slice(0, 16)}
            onChange={(e) => set(i, { start: clock.fromInput(e.currentTarget.value) ?? '' })}
          />
          <TextInput
            type="datetime-local"
            label="To"
            value={clock.toInput(t.end).slice(0, 16)}
            onChange={(e) => set(i, { end: clock.fromInput(e.currentTarget.value) ?? '' })}
          />
          <TextInput
            label="Reason"
            value={t.reason ?? ''}
            onChange={(e) => set(i, { reason: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Remove
            label={`Remove time off ${i + 1}`}
            onClick={() => change((d) => ({ ...d, timeOff: (d.timeOff ?? []).filter((_, j) => j !== i) }))}
          />
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        onClick={() => {
          const start = clock.fromInput(`${clock.dateOf(new Date())}T00:00`)!;
          const end = new Date(Date.parse(start) + 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
          change((d) => ({ ...d, timeOff: [...(d.timeOff ?? []), { start, end, reason: '' }] }));
        }}
      >
        Add time off
      </Button>
    </Stack>
  );
}
