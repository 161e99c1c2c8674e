import { OPTION_TYPES, type QuestionType, type QuestionnaireItem } from '@caseload/core';
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  GRID_CELL_TYPES,
  addGridColumn,
  moveGridColumn,
  removeGridColumn,
  renameGridColumn,
  setGridColumnType,
  updateGridColumn,
} from '../../utils/builder-items.ts';
import { OptionsEditor } from './OptionsEditor.tsx';

export interface GridColumnsEditorProps {
  /** The Grid question whose columns (its `items`) are edited. */
  grid: QuestionnaireItem;
  /** Every item of the questionnaire, so a new column's linkId is unique in the whole form. */
  all: QuestionnaireItem[];
  onChange: (grid: QuestionnaireItem) => void;
}

/**
 * A Grid's columns, each a question template: its name, the type its cells hold (GRID_CELL_TYPES),
 * options for a choice column, move up / move down and remove (the last column stays: a Grid
 * needs one to publish). Plain buttons and inputs, so it is complete from the keyboard.
 */
export function GridColumnsEditor({ grid, all, onChange }: GridColumnsEditorProps) {
  const columns = grid.items ?? [];
  return (
    <Stack gap={4} role="group" aria-label="Columns">
      <Text fw={500} fz="sm">
        Columns
      </Text>
      {columns.map((c, i) => {
        const name = c.text ?? c.linkId;
        return (
          <Stack key={c.linkId} gap={2}>
            <Group gap={4} align="flex-end" wrap="nowrap">
              <TextInput
                size="xs"
                label={`Column ${i + 1} name`}
                value={c.text ?? ''}
                placeholder={c.linkId}
                onChange={(e) => onChange(renameGridColumn(grid, i, e.currentTarget.value))}
                style={{ flex: 1 }}
              />
              <NativeSelect
                size="xs"
                label={`Column ${i + 1} type`}
                data={[...GRID_CELL_TYPES]}
                value={c.type}
                onChange={(e) => onChange(setGridColumnType(grid, i, e.currentTarget.value as QuestionType))}
                w={140}
              />
              <ActionIcon
                variant="subtle"
                aria-label={`Move column ${name} up`}
                disabled={i === 0}
                onClick={() => onChange(moveGridColumn(grid, i, -1))}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move column ${name} down`}
                disabled={i === columns.length - 1}
                onClick={() => onChange(moveGridColumn(grid, i, 1))}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove column ${name}`}
                disabled={columns.length <= 1}
                onClick={() => onChange(removeGridColumn(grid, i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            {OPTION_TYPES.has(c.type) && (
              <OptionsEditor
                label={`Column ${i + 1} options`}
                options={c.answerOptions ?? []}
                scores={false}
                onChange={(answerOptions) => onChange(updateGridColumn(grid, i, (col) => ({ ...col, answerOptions })))}
              />
            )}
          </Stack>
        );
      })}
      <Button
        size="xs"
        variant="default"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange(addGridColumn(grid, all))}
      >
        Add column
      </Button>
    </Stack>
  );
}
