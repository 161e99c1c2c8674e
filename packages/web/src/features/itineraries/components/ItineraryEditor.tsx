import type { Itinerary } from '@caseload/core';
import { Button, Card, Group, Select, Stack, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { appointmentPatient, useDayAppointments } from '../../appointments/index.ts';
import { useLabel, usePracticeTime, usePracticeTimeZone } from '../../practice/index.ts';
import { useItineraryEditor } from '../hooks/useItineraryEditor.ts';
import { isPlanned, visitFrom, type ItineraryDraft } from '../utils/itinerary-draft.ts';
import { VisitList } from './VisitList.tsx';

export interface ItineraryEditorProps {
  initial: ItineraryDraft;
  readOnly: boolean;
  onSaved: (saved: Itinerary) => void;
}

/**
 * One itinerary: its date, the day's topics (which the ItineraryTopics note element shows), its
 * visits in order, and notes. Visits are planned from the author's appointments of that date.
 * Saved through the write queue, so a plan made in the car saves offline too.
 */
export function ItineraryEditor({ initial, readOnly, onSaved }: ItineraryEditorProps) {
  const editor = useItineraryEditor(initial, onSaved);
  const { draft } = editor;
  const patient = useLabel('patient', 'singular');
  const timeZone = usePracticeTimeZone();
  const clock = usePracticeTime();
  const day = useDayAppointments(readOnly ? undefined : draft.date);
  const unplanned = (day.entries ?? []).filter((e) => !isPlanned(draft.visits, e, timeZone));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="itinerary-heading">
      <form
        aria-label="Itinerary"
        onSubmit={(e) => {
          e.preventDefault();
          void editor.save.run();
        }}
      >
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} fz={18} id="itinerary-heading">
              {draft.id ? 'Itinerary' : 'New itinerary'}
            </Title>
            {!readOnly && (
              <Button type="submit" loading={editor.save.pending} disabled={!editor.dirty}>
                Save itinerary
              </Button>
            )}
          </Group>
          <FormErrorAlert error={editor.save.error} />
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="Date"
              required
              value={draft.date}
              readOnly={readOnly}
              onChange={(e) => editor.change({ date: e.currentTarget.value })}
              style={{ maxWidth: '12rem' }}
            />
            <TagsInput
              label="Topics of the day"
              description="Shown in notes written that day (the Itinerary topics element)"
              placeholder={readOnly ? undefined : 'Type a topic, then Enter'}
              value={draft.topics ?? []}
              readOnly={readOnly}
              onChange={(topics) => editor.change({ topics })}
            />
          </Group>
          <div>
            <Title order={3} fz={16} mb="xs">
              Visits
            </Title>
            <VisitList
              visits={draft.visits}
              patientLabel={patient}
              readOnly={readOnly}
              onChange={editor.changeVisit}
              onMove={editor.move}
              onRemove={editor.removeVisit}
            />
          </div>
          {!readOnly && (
            <Select
              label="Add a visit from the day's appointments"
              placeholder={
                day.loading ? 'Loading appointments…' : unplanned.length ? 'Choose an appointment…' : 'No other appointments that day'
              }
              data={unplanned.map((e, i) => ({
                value: String(i),
                label: `${clock.formatTime(e.start)} · ${appointmentPatient(e.appointment, patient)}`,
              }))}
              value={null}
              disabled={unplanned.length === 0}
              onChange={(v) => {
                const entry = v === null ? undefined : unplanned[Number(v)];
                if (entry) editor.addVisit(visitFrom(entry, timeZone));
              }}
              searchable
            />
          )}
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={draft.notes ?? ''}
            readOnly={readOnly}
            onChange={(e) => editor.change({ notes: e.currentTarget.value })}
          />
          {readOnly && (
            <Text fz="sm" c="dimmed">
              Only those who manage itineraries change them.
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
