import { ActionIcon, Button, Group, Input, Paper, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQuestion } from '../../hooks/useQuestion.ts';
import { moveInList } from '../../utils/builder-items.ts';
import type { QuestionProps } from './question-props.ts';

/**
 * Ranking: the options in the order the person puts them, first = most preferred. Each has move
 * up and move down buttons (keyboard-complete); until something is moved the options show in
 * their defined order and "Keep this order" answers with it as it is.
 */
export function RankingQuestion({ item, name, label }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const options = item.answerOptions ?? [];
  // Only a list of codes is an order to show; anything else stored (a bad import) shows the defined order.
  const answered = Array.isArray(q.value) && q.value.length === options.length && q.value.every((code) => typeof code === 'string');
  const order: string[] = answered ? (q.value as string[]) : options.map((o) => o.code);
  const display = (code: string) => options.find((o) => o.code === code)?.display ?? code;
  const move = (index: number, delta: number) => q.onChange(moveInList(order, index, index + delta));
  return (
    <Input.Wrapper {...q.inputProps} labelElement="div">
      <ol aria-label={q.inputProps.label} style={{ listStyle: 'none', padding: 0, margin: '4px 0' }}>
        {order.map((code, i) => (
          <li key={code}>
            <Paper withBorder p={6} mb={4} maw={480}>
              <Group justify="space-between" wrap="nowrap">
                <Text fz="sm">
                  {i + 1}. {display(code)}
                </Text>
                {!q.readOnly && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Move ${display(code)} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${display(code)} down`}
                      disabled={i === order.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </Paper>
          </li>
        ))}
      </ol>
      {!answered && !q.readOnly && options.length > 0 && (
        <Button size="xs" variant="default" onClick={() => q.onChange(order)}>
          Keep this order
        </Button>
      )}
    </Input.Wrapper>
  );
}
