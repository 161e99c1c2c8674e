import type { ItineraryVisit } from '@caseload/core';
import { ActionIcon, Group, Paper, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

export interface VisitListProps {
  visits: ItineraryVisit[];
  /** The practice's word for a patient, for a visit without one named. */
  patientLabel: string;
  readOnly: boolean;
  onChange: (index: number, fields: Partial<ItineraryVisit>) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/**
 * The day's visits in order. Move up and move down buttons reorder from the keyboard; a visit can
 * be dragged by its row onto another's place. Each visit has its time, topics and travel notes.
 */
export function VisitList({ visits, patientLabel, readOnly, onChange, onMove, onRemove }: VisitListProps) {
  const [dragging, setDragging] = useState<number>();
  if (visits.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        No visits planned yet. Add the day's appointments below.
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ol" aria-label="Visits in order" style={{ margin: 0, padding: 0 }}>
      {visits.map((visit, i) => {
        const name = visit.patient?.display ?? patientLabel;
        return (
          <Paper
            key={`${visit.appointment?.id ?? 'visit'}-${visit.time ?? ''}-${i}`}
            component="li"
            withBorder
            p="sm"
            style={{ listStyle: 'none' }}
            draggable={!readOnly}
            data-testid="itinerary-visit"
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.setData('text/plain', String(i));
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => dragging !== undefined && e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              const from = Number(e.dataTransfer.getData('text/plain') || dragging);
              if (Number.isInteger(from) && from !== i) onMove(from, i);
              setDragging(undefined);
            }}
            onDragEnd={() => setDragging(undefined)}
          >
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                {!readOnly && <IconGripVertical size={16} aria-hidden style={{ cursor: 'grab', flex: 'none' }} />}
                <Text fw={600} fz="sm">
                  {i + 1}.
                </Text>
                <Text fw={500} truncate>
                  {name}
                </Text>
              </Group>
              {!readOnly && (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon variant="subtle" size="sm" aria-label={`Move ${name} up`} disabled={i === 0} onClick={() => onMove(i, i - 1)}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`Move ${name} down`}
                    disabled={i === visits.length - 1}
                    onClick={() => onMove(i, i + 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" size="sm" color="red" aria-label={`Remove ${name}`} onClick={() => onRemove(i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            <Group grow align="flex-start" gap="sm">
              <TextInput
                type="time"
                label="Time"
                value={visit.time ?? ''}
                readOnly={readOnly}
                onChange={(e) => onChange(i, { time: e.currentTarget.value })}
                style={{ maxWidth: '9rem' }}
              />
              <TagsInput
                label="Topics"
                placeholder={readOnly ? undefined : 'Type a topic, then Enter'}
                value={visit.topics ?? []}
                readOnly={readOnly}
                onChange={(topics) => onChange(i, { topics })}
              />
              <TextInput
                label="Travel notes"
                value={visit.travelNotes ?? ''}
                readOnly={readOnly}
                onChange={(e) => onChange(i, { travelNotes: e.currentTarget.value })}
              />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
