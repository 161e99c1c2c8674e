import { ScrollArea, Stack, Text } from '@mantine/core';
import type { EditLine } from '../utils/edit-text.ts';

export interface EditValuesProps {
  lines: EditLine[];
  /** Names the list for tests ("failed-edit-text"). */
  testId: string;
}

/** The values of one edit, "Field: value" a line; a value removed says what it was. */
export function EditValues({ lines, testId }: EditValuesProps) {
  if (lines.length === 0) return null;
  return (
    <ScrollArea.Autosize mah={160} type="auto">
      <Stack
        gap={2}
        component="ul"
        m={0}
        p="xs"
        bg="var(--mantine-color-default-hover)"
        style={{ listStyle: 'none', borderRadius: 'var(--mantine-radius-sm)' }}
        data-testid={testId}
      >
        {lines.map((line, i) => (
          <Text key={i} component="li" fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span fz="sm" fw={600}>
              {line.label}:
            </Text>{' '}
            {line.removed ? (
              <Text span fz="sm" c="dimmed">
                removed (was {line.value})
              </Text>
            ) : (
              line.value
            )}
          </Text>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
