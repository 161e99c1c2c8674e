import type { AnswerOption } from '@caseload/core';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

export interface OptionsEditorProps {
  /** "Answer options" or "Rows". */
  label: string;
  options: AnswerOption[];
  onChange: (options: AnswerOption[]) => void;
  /** Offer a score per option (scored questionnaires). */
  scores?: boolean;
}

/** The options of a choice question (code, words, score), or a Grid's rows. */
export function OptionsEditor({ label, options, onChange, scores = true }: OptionsEditorProps) {
  const set = (i: number, patch: Partial<AnswerOption>) => onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text fw={500} fz="sm">
        {label}
      </Text>
      {options.map((o, i) => (
        <Group key={i} gap={4} align="flex-end" wrap="nowrap">
          <TextInput size="xs" label={`Code ${i + 1}`} value={o.code} onChange={(e) => set(i, { code: e.currentTarget.value })} w={90} />
          <TextInput
            size="xs"
            label={`Words ${i + 1}`}
            value={o.display}
            onChange={(e) => set(i, { display: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          {scores && (
            <NumberInput
              size="xs"
              label={`Score ${i + 1}`}
              value={o.score ?? ''}
              onChange={(v) => set(i, { score: typeof v === 'number' ? v : undefined })}
              w={80}
            />
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove option ${i + 1}`}
            onClick={() => onChange(options.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="default"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...options, { code: `o${options.length + 1}`, display: `Option ${options.length + 1}` }])}
      >
        Add {label === 'Rows' ? 'row' : 'option'}
      </Button>
    </Stack>
  );
}
