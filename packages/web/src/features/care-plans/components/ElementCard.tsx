import type { CarePlanElement, CarePlanElementKind, Practitioner } from '@caseload/core';
import { ActionIcon, Badge, Button, Group, MultiSelect, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type HTMLAttributes, type KeyboardEvent, type Ref } from 'react';
import { dayOrUndefined, refTo } from '../utils/plan-refs.ts';
import { childKinds } from '../utils/plan-tree.ts';

export interface ElementCardProps {
  element: CarePlanElement;
  /** "Goal 1", "Objective 1.2". */
  label: string;
  position: number;
  siblings: number;
  /** Elements beneath it (deleting removes them too). */
  descendants: number;
  issues: string[];
  staff: readonly Practitioner[];
  onChange(change: Partial<CarePlanElement>): void;
  onAdd(kind: CarePlanElementKind): void;
  onDelete(): void;
  onMove(to: number): void;
  /** The drag handle's listeners and attributes (dnd-kit), and its node. */
  handle: { ref: Ref<HTMLButtonElement>; props: HTMLAttributes<HTMLButtonElement> };
}

const KIND_COLOR: Record<CarePlanElementKind, string> = { Goal: 'blue', Objective: 'teal', Intervention: 'grape' };
const PLACEHOLDERS: Record<CarePlanElementKind, string> = {
  Goal: 'What the patient wants to achieve',
  Objective: 'A measurable step towards the goal',
  Intervention: 'What staff will do, and how often',
};

/**
 * One goal, objective or intervention, edited in place: its text, target date, measure and
 * responsible staff; adding a child, deleting, and moving among its siblings (buttons, Alt+Arrow
 * keys anywhere in the card, or dragging the handle).
 */
export function ElementCard(props: ElementCardProps) {
  const { element, label, position, siblings, descendants, issues, staff, onChange, onAdd, onDelete, onMove, handle } = props;
  const [confirming, setConfirming] = useState(false);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    e.stopPropagation();
    onMove(position + (e.key === 'ArrowUp' ? -1 : 1));
  };
  const staffData = staff.map((s) => ({ value: s.id, label: s.display ?? s.id }));
  for (const r of element.responsible ?? [])
    if (!staffData.some((o) => o.value === r.id)) staffData.push({ value: r.id, label: r.display ?? r.id });
  const name = element.text.trim() || label;
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      onKeyDown={onKeyDown}
      role="group"
      aria-label={label}
      data-testid="plan-element"
      data-element-id={element.id}
      style={issues.length ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ActionIcon
            ref={handle.ref}
            variant="subtle"
            color="gray"
            mt={6}
            aria-label={`Drag ${name} (Alt+Arrow keys move it)`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...handle.props}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
          <Badge color={KIND_COLOR[element.kind]} variant="light" mt={9} style={{ flex: 'none' }}>
            {label}
          </Badge>
          <Textarea
            aria-label={`${label} text`}
            placeholder={PLACEHOLDERS[element.kind]}
            autosize
            minRows={1}
            style={{ flex: 1 }}
            styles={element.kind === 'Goal' ? { input: { fontWeight: 600 } } : undefined}
            value={element.text}
            onChange={(e) => onChange({ text: e.currentTarget.value })}
            error={issues.length ? issues.join(' ') : undefined}
            data-testid="element-text"
          />
          <Group gap={2} wrap="nowrap" mt={4}>
            <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={position === 0} onClick={() => onMove(position - 1)}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${name} down`}
              disabled={position >= siblings - 1}
              onClick={() => onMove(position + 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${name}`}
              onClick={() => (descendants ? setConfirming(true) : onDelete())}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        {confirming && (
          <Group gap="xs" role="alert" pl={36}>
            <Text size="sm">
              Delete {label} and the {descendants} element{descendants === 1 ? '' : 's'} beneath it?
            </Text>
            <Button size="compact-sm" color="red" onClick={onDelete}>
              Delete
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </Group>
        )}
        <Group gap="xs" align="flex-end" pl={36} wrap="wrap">
          <TextInput
            size="xs"
            type="date"
            label="Target date"
            w={140}
            value={element.targetDate ?? ''}
            onChange={(e) => onChange({ targetDate: dayOrUndefined(e.currentTarget.value) })}
          />
          <TextInput
            size="xs"
            label="Measure"
            placeholder={element.kind === 'Intervention' ? undefined : 'PHQ-9 below 10'}
            style={{ flex: 1, minWidth: 160 }}
            value={element.measure ?? ''}
            onChange={(e) => onChange({ measure: e.currentTarget.value || undefined })}
          />
          <MultiSelect
            size="xs"
            label="Responsible"
            data={staffData}
            searchable
            style={{ flex: 1, minWidth: 180 }}
            value={(element.responsible ?? []).map((r) => r.id)}
            onChange={(ids) =>
              onChange({
                responsible: ids.length
                  ? ids.map((id) => refTo('Practitioner', id, staffData.find((o) => o.value === id)?.label))
                  : undefined,
              })
            }
          />
          {childKinds(element.kind).map((kind) => (
            <Button key={kind} size="compact-sm" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => onAdd(kind)} mb={4}>
              Add {kind.toLowerCase()}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
