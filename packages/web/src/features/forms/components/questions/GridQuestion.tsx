import { isDisplayOnly } from '@caseload/core';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { QuestionInput } from '../QuestionInput.tsx';
import type { QuestionProps } from './question-props.ts';

/**
 * Grid: a table whose rows are the item's `rows` and whose columns are its child items (each a
 * question template); each cell is its own field `grid.row.column`, with the label "Row: Column"
 * for screen readers, so a cell re-renders alone as it is typed in.
 */
export const GridQuestion = memo(function GridQuestion({ item, name }: QuestionProps) {
  const columns = (item.items ?? []).filter((c) => !isDisplayOnly(c));
  const rows = item.rows ?? [];
  return (
    <div>
      <Text fw={500} fz="sm" id={`${name}-grid-label`}>
        {item.text ?? item.linkId}
        {item.required && (
          <Text component="span" c="red" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      {item.help && (
        <Text fz="xs" c="dimmed">
          {item.help}
        </Text>
      )}
      <Table.ScrollContainer minWidth={360}>
        <Table aria-labelledby={`${name}-grid-label`} withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <VisuallyHidden>Row</VisuallyHidden>
              </Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.linkId} scope="col">
                  {c.text ?? c.linkId}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.code}>
                <Table.Th scope="row">{row.display}</Table.Th>
                {columns.map((c) => (
                  <Table.Td key={c.linkId}>
                    <QuestionInput
                      item={c}
                      name={`${name}.${row.code}.${c.linkId}`}
                      label={`${row.display}: ${c.text ?? c.linkId}`}
                      compact
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
});
