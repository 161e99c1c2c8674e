import type { QuestionnaireItem } from '@caseload/core';
import { ActionIcon, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

export interface ItemOutlineProps {
  items: QuestionnaireItem[];
  selected?: string;
  onSelect: (linkId: string) => void;
  /** Moves an item by `delta` places within its level. */
  onMove: (linkId: string, delta: number) => void;
  /** Drag and drop: `linkId` dropped onto `target`'s place (same level). */
  onDrop: (linkId: string, target: string) => void;
  onRemove: (linkId: string) => void;
}

/**
 * The questions in order. Each row selects its question for editing; move up and move down
 * buttons reorder from the keyboard, and rows can be dragged onto each other's place.
 */
export function ItemOutline({ items, selected, onSelect, onMove, onDrop, onRemove }: ItemOutlineProps) {
  const [dragging, setDragging] = useState<string>();
  const rows = (list: QuestionnaireItem[], depth: number) =>
    list.map((item, i) => (
      <li key={item.linkId} style={{ listStyle: 'none' }}>
        <Paper
          withBorder
          p={4}
          pl={4 + depth * 16}
          mb={4}
          bg={item.linkId === selected ? 'var(--mantine-primary-color-light)' : undefined}
          draggable
          onDragStart={(e) => {
            setDragging(item.linkId);
            e.dataTransfer.setData('text/plain', item.linkId);
            e.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(e) => dragging && e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            const moved = e.dataTransfer.getData('text/plain') || dragging;
            if (moved && moved !== item.linkId) onDrop(moved, item.linkId);
            setDragging(undefined);
          }}
          onDragEnd={() => setDragging(undefined)}
          data-testid="outline-item"
          data-linkid={item.linkId}
        >
          <Group gap={4} wrap="nowrap">
            <IconGripVertical size={16} aria-hidden style={{ cursor: 'grab', flex: 'none' }} />
            <UnstyledButton
              onClick={() => onSelect(item.linkId)}
              style={{ flex: 1, minWidth: 0 }}
              aria-current={item.linkId === selected ? 'true' : undefined}
            >
              <Text fz="sm" truncate>
                {item.text || item.linkId}
              </Text>
              <Group gap={4}>
                <Badge size="xs" variant="light">
                  {item.type}
                </Badge>
                {item.variant && (
                  <Badge size="xs" variant="outline">
                    {item.variant}
                  </Badge>
                )}
                {item.required && (
                  <Badge size="xs" color="intent-danger" variant="light">
                    Required
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Move ${item.text || item.linkId} up`}
              disabled={i === 0}
              onClick={() => onMove(item.linkId, -1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Move ${item.text || item.linkId} down`}
              disabled={i === list.length - 1}
              onClick={() => onMove(item.linkId, 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              color="red"
              aria-label={`Remove ${item.text || item.linkId}`}
              onClick={() => onRemove(item.linkId)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
        {item.type === 'Header' && item.items && item.items.length > 0 && (
          <ul style={{ padding: 0, margin: 0 }}>{rows(item.items, depth + 1)}</ul>
        )}
      </li>
    ));
  if (items.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        No questions yet: add the first below.
      </Text>
    );
  return (
    <Stack gap={0} component="ul" aria-label="Questions" p={0} m={0}>
      {rows(items, 0)}
    </Stack>
  );
}
