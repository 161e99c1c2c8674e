import {
  Calculations,
  ENABLE_WHEN_OPERATORS,
  Logics,
  type AnswerPrimitive,
  type Calculation,
  type EnableWhen,
  type QuestionnaireItem,
} from '@caseload/core';
import { ActionIcon, Button, Group, MultiSelect, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

export interface LogicEditorProps {
  item: QuestionnaireItem;
  /** The questions a condition or calculation may read. */
  questions: QuestionnaireItem[];
  onChange: (patch: Partial<QuestionnaireItem>) => void;
}

/** A condition's typed value: true/false and numbers as such, anything else as text. */
export function parseConditionAnswer(text: string): AnswerPrimitive | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (t === 'true' || t === 'false') return t === 'true';
  return /^-?\d+(\.\d+)?$/.test(t) && !/^0\d/.test(t) ? Number(t) : text;
}

/** The conditions that show the question (enableWhen with And/Or/None) and its calculation. */
export function LogicEditor({ item, questions, onChange }: LogicEditorProps) {
  const conditions = item.enableWhen ?? [];
  const choices = questions.map((q) => ({ value: q.linkId, label: `${q.text || q.linkId} (${q.linkId})` }));
  const setCondition = (i: number, patch: Partial<EnableWhen>) =>
    onChange({ enableWhen: conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm">
        Show this question when
      </Text>
      {conditions.length === 0 && (
        <Text fz="xs" c="dimmed">
          Always shown.
        </Text>
      )}
      {conditions.map((c, i) => (
        <Group key={i} gap={4} align="flex-end" wrap="nowrap">
          <NativeSelect
            size="xs"
            label={`Condition ${i + 1} question`}
            data={choices.length ? choices : [{ value: '', label: 'No other questions' }]}
            value={c.question}
            onChange={(e) => setCondition(i, { question: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <NativeSelect
            size="xs"
            label={`Condition ${i + 1} test`}
            data={[...ENABLE_WHEN_OPERATORS]}
            value={c.operator}
            onChange={(e) => setCondition(i, { operator: e.currentTarget.value as EnableWhen['operator'] })}
            w={80}
          />
          <TextInput
            size="xs"
            label={`Condition ${i + 1} value`}
            value={c.answer === undefined ? '' : String(c.answer)}
            onChange={(e) => setCondition(i, { answer: parseConditionAnswer(e.currentTarget.value) })}
            w={100}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove condition ${i + 1}`}
            onClick={() => onChange({ enableWhen: conditions.filter((_, j) => j !== i) })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs" align="flex-end">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} />}
          disabled={choices.length === 0}
          onClick={() => onChange({ enableWhen: [...conditions, { question: choices[0]!.value, operator: 'exists', answer: true }] })}
        >
          Add condition
        </Button>
        {conditions.length > 1 && (
          <NativeSelect
            size="xs"
            label="Combine conditions"
            data={[...Logics]}
            value={item.enableBehavior ?? 'And'}
            onChange={(e) => onChange({ enableBehavior: e.currentTarget.value as QuestionnaireItem['enableBehavior'] })}
            w={120}
          />
        )}
      </Group>
      <Text fw={500} fz="sm" mt="xs">
        Calculated from other answers
      </Text>
      <Group gap="xs" align="flex-end">
        <NativeSelect
          size="xs"
          label="Calculation"
          data={[{ value: '', label: 'None (typed in)' }, ...Calculations.map((c) => ({ value: c, label: c }))]}
          value={item.calculation?.kind ?? ''}
          onChange={(e) => {
            const kind = e.currentTarget.value as Calculation | '';
            onChange({ calculation: kind ? { kind, sources: item.calculation?.sources ?? [] } : undefined });
          }}
          w={160}
        />
        {item.calculation && (
          <MultiSelect
            size="xs"
            label="Over the answers of"
            data={choices}
            value={item.calculation.sources}
            onChange={(sources) => onChange({ calculation: { ...item.calculation!, sources } })}
            style={{ flex: 1 }}
            searchable
          />
        )}
      </Group>
    </Stack>
  );
}
