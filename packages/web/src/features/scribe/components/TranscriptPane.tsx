import type { SpeakerRole, Transcription, TranscriptSegment } from '@caseload/core';
import { ActionIcon, Badge, Button, Group, Paper, ScrollArea, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { segmentTime } from '../utils/transcript-format.ts';
import classes from './scribe.module.css';

export interface TranscriptPaneProps {
  transcription: Transcription;
  /** Segment ids to highlight: the evidence of the sentence in focus. */
  highlighted?: ReadonlySet<string>;
  /** Saves corrected text or speaker roles; absent, the pane is read-only. */
  onSave?: (next: Transcription) => void;
  /** Height of the scrolling list. */
  height?: number | string;
}

const ROLES: SpeakerRole[] = ['Clinician', 'Patient', 'Other'];

/**
 * The transcript: each segment with its time and speaker, the speakers' roles (who is the
 * clinician decides what the generator files under interventions), and a correction of any
 * segment's text. Highlighted segments are scrolled into view.
 */
export function TranscriptPane({ transcription, highlighted, onSave, height = 520 }: TranscriptPaneProps) {
  const list = useRef<HTMLDivElement>(null);
  const first = [...(highlighted ?? [])][0];
  useEffect(() => {
    if (!first) return;
    list.current?.querySelector(`[data-segment-id="${CSS.escape(first)}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [first]);
  const labels = [...new Set(transcription.segments.map((s) => s.speaker).filter((s): s is string => Boolean(s)))];
  const roleOf = (label: string) => transcription.speakers?.find((s) => s.label === label)?.role;
  const setRole = (label: string, role: SpeakerRole) =>
    onSave?.({ ...transcription, speakers: [...(transcription.speakers ?? []).filter((s) => s.label !== label), { label, role }] });
  const saveText = (id: string, text: string) =>
    onSave?.({ ...transcription, segments: transcription.segments.map((s) => (s.id === id ? { ...s, text } : s)) });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="transcript-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="transcript-title">
          Transcript
        </Title>
        {labels.length > 0 && onSave && (
          <Group gap="sm" role="group" aria-label="Speakers">
            {labels.map((label) => (
              <Select
                key={label}
                size="xs"
                w={170}
                label={label}
                data={ROLES}
                value={roleOf(label) ?? null}
                placeholder="Who is this?"
                allowDeselect={false}
                onChange={(v) => v && setRole(label, v as SpeakerRole)}
              />
            ))}
          </Group>
        )}
        <ScrollArea.Autosize mah={height} type="auto">
          <Stack gap={4} ref={list} component="ol" className={classes.segments} aria-label="Transcript segments">
            {transcription.segments.map((segment) => (
              <SegmentRow
                key={segment.id}
                segment={segment}
                role={segment.speaker ? roleOf(segment.speaker) : undefined}
                highlighted={highlighted?.has(segment.id) ?? false}
                onSave={onSave ? (text) => saveText(segment.id, text) : undefined}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {transcription.segments.length === 0 && <Text c="dimmed">The transcript has no segments.</Text>}
      </Stack>
    </Paper>
  );
}

function SegmentRow({
  segment,
  role,
  highlighted,
  onSave,
}: {
  segment: TranscriptSegment;
  role: SpeakerRole | undefined;
  highlighted: boolean;
  onSave?: (text: string) => void;
}) {
  const [editing, setEditing] = useState<string>();
  const time = segmentTime(segment.start);
  return (
    <li
      className={classes.segment}
      data-segment-id={segment.id}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text fz="xs" c="dimmed" w={44} style={{ flexShrink: 0 }} ff="monospace">
          {time}
        </Text>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fz="xs" fw={700}>
              {segment.speaker ?? 'Unlabelled'}
            </Text>
            {role && (
              <Badge size="xs" variant="light" color={role === 'Clinician' ? 'blue' : role === 'Patient' ? 'grape' : 'gray'}>
                {role}
              </Badge>
            )}
          </Group>
          {editing === undefined ? (
            <Text fz="sm">{segment.text}</Text>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (editing.trim()) onSave?.(editing.trim());
                setEditing(undefined);
              }}
            >
              <Stack gap={4}>
                <Textarea
                  aria-label={`Text of segment ${segment.id}`}
                  autosize
                  minRows={1}
                  value={editing}
                  onChange={(e) => setEditing(e.currentTarget.value)}
                  data-autofocus
                />
                <Group gap="xs">
                  <Button size="compact-xs" type="submit">
                    Save
                  </Button>
                  <Button size="compact-xs" variant="default" onClick={() => setEditing(undefined)}>
                    Cancel
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
        {onSave && editing === undefined && (
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            aria-label={`Correct segment at ${time || segment.id}`}
            onClick={() => setEditing(segment.text)}
          >
            <IconPencil size={14} />
          </ActionIcon>
        )}
      </Group>
    </li>
  );
}
