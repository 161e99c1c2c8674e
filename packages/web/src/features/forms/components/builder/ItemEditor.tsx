import { OPTION_TYPES, PATTERN_TYPES, QuestionTypes, type QuestionnaireItem } from '@caseload/core';
import { Checkbox, Group, NativeSelect, NumberInput, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { answerableQuestions, changeType, variantsFor } from '../../utils/builder-items.ts';
import { GridColumnsEditor } from './GridColumnsEditor.tsx';
import { LogicEditor } from './LogicEditor.tsx';
import { OptionsEditor } from './OptionsEditor.tsx';

export interface ItemEditorProps {
  item: QuestionnaireItem;
  /** Every item of the questionnaire (for conditions and calculations). */
  all: QuestionnaireItem[];
  onChange: (next: QuestionnaireItem) => void;
}

const NUMERIC = new Set(['Integer', 'Decimal']);
const DATED = new Set(['Date', 'DateTime', 'Time']);
const optional = (v: string) => (v.trim() === '' ? undefined : v);
const num = (v: number | string) => (typeof v === 'number' ? v : undefined);

/**
 * Configures one question: text, type, the display variants that fit its type (VARIANT_TYPES),
 * required, options with scores, a Grid's rows and columns, min/max, lengths, pattern, conditions and calculation. What
 * does not apply to the type is not offered, and changing type drops what no longer applies.
 */
export function ItemEditor({ item, all, onChange }: ItemEditorProps) {
  const set = (patch: Partial<QuestionnaireItem>) => {
    const next = { ...item, ...patch } as Record<string, unknown>;
    for (const key of Object.keys(patch)) if (next[key] === undefined) delete next[key];
    onChange(next as unknown as QuestionnaireItem);
  };
  const variants = variantsFor(item.type);
  const numeric = NUMERIC.has(item.type);
  const dated = DATED.has(item.type);
  return (
    <Stack gap="sm" aria-label="Question settings" role="group">
      <Title order={2} fz="md">
        Question settings
      </Title>
      <Textarea
        label="Question text"
        value={item.text ?? ''}
        onChange={(e) => set({ text: optional(e.currentTarget.value) })}
        autosize
        minRows={1}
      />
      <Group grow align="flex-end">
        <NativeSelect
          label="Question type"
          data={[...QuestionTypes]}
          value={item.type}
          onChange={(e) => onChange(changeType(item, e.currentTarget.value as QuestionnaireItem['type']))}
        />
        <NativeSelect
          label="Display variant"
          data={[{ value: '', label: 'Standard' }, ...variants.map((v) => ({ value: v, label: v }))]}
          value={item.variant ?? ''}
          disabled={variants.length === 0}
          onChange={(e) => set({ variant: (e.currentTarget.value || undefined) as QuestionnaireItem['variant'] })}
        />
      </Group>
      <Group grow>
        <TextInput label="Link id" description="Letters, digits, - and _; unique in the form" value={item.linkId} readOnly />
        <TextInput label="Help text" value={item.help ?? ''} onChange={(e) => set({ help: optional(e.currentTarget.value) })} />
      </Group>
      <Group>
        <Checkbox
          label="Required"
          checked={item.required === true}
          onChange={(e) => set({ required: e.currentTarget.checked || undefined })}
        />
        <Checkbox
          label="Repeats (a list of answers)"
          checked={item.repeats === true}
          onChange={(e) => set({ repeats: e.currentTarget.checked || undefined })}
        />
        <Checkbox
          label="Read-only"
          checked={item.readOnly === true}
          onChange={(e) => set({ readOnly: e.currentTarget.checked || undefined })}
        />
      </Group>
      {OPTION_TYPES.has(item.type) && (
        <OptionsEditor label="Answer options" options={item.answerOptions ?? []} onChange={(answerOptions) => set({ answerOptions })} />
      )}
      {item.type === 'Grid' && <OptionsEditor label="Rows" options={item.rows ?? []} onChange={(rows) => set({ rows })} scores={false} />}
      {item.type === 'Grid' && <GridColumnsEditor grid={item} all={all} onChange={onChange} />}
      {numeric && (
        <Group grow>
          <NumberInput label="Minimum" value={typeof item.min === 'number' ? item.min : ''} onChange={(v) => set({ min: num(v) })} />
          <NumberInput label="Maximum" value={typeof item.max === 'number' ? item.max : ''} onChange={(v) => set({ max: num(v) })} />
          <NumberInput label="Step" min={0} value={item.step ?? ''} onChange={(v) => set({ step: num(v) })} />
        </Group>
      )}
      {dated && (
        <Group grow>
          <TextInput
            label="Earliest"
            placeholder={item.type === 'Time' ? 'HH:mm' : 'yyyy-mm-dd'}
            value={typeof item.min === 'string' ? item.min : ''}
            onChange={(e) => set({ min: optional(e.currentTarget.value) })}
          />
          <TextInput
            label="Latest"
            placeholder={item.type === 'Time' ? 'HH:mm' : 'yyyy-mm-dd'}
            value={typeof item.max === 'string' ? item.max : ''}
            onChange={(e) => set({ max: optional(e.currentTarget.value) })}
          />
        </Group>
      )}
      {(item.type === 'String' || item.type === 'Text') && (
        <Group grow>
          <NumberInput label="Fewest characters" min={0} value={item.minLength ?? ''} onChange={(v) => set({ minLength: num(v) })} />
          <NumberInput label="Most characters" min={0} value={item.maxLength ?? ''} onChange={(v) => set({ maxLength: num(v) })} />
        </Group>
      )}
      {PATTERN_TYPES.has(item.type) && (
        <TextInput
          label="Pattern"
          description="A regular expression the whole answer must match"
          value={item.pattern ?? ''}
          onChange={(e) => set({ pattern: optional(e.currentTarget.value) })}
        />
      )}
      <LogicEditor item={item} questions={answerableQuestions(all, item.linkId)} onChange={set} />
    </Stack>
  );
}
