import { US_STATES } from '@caseload/core';
import { Autocomplete, Checkbox, Group, Input, MultiSelect, Radio, SegmentedControl, Select, Stack, VisuallyHidden } from '@mantine/core';
import { useQuestion } from '../../hooks/useQuestion.ts';
import type { QuestionProps } from './question-props.ts';

const labelOf = (text: string, compact?: boolean) => (compact ? <VisuallyHidden>{text}</VisuallyHidden> : text);
const optionsOf = (props: QuestionProps) => (props.item.answerOptions ?? []).map((o) => ({ value: o.code, label: o.display }));
/**
 * The codes of a repeating choice's answer: only its strings. Anything else a stored answer holds
 * (a bad import) cannot be shown as a choice, and a multi-select would render it as a label.
 */
const codesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Choice: one option as radio buttons (arrow keys move between them). */
export function RadioQuestion(props: QuestionProps) {
  const q = useQuestion(props.item, props.name, props.label);
  return (
    <Radio.Group
      {...q.inputProps}
      label={labelOf(q.inputProps.label, props.compact)}
      value={typeof q.value === 'string' ? q.value : null}
      onChange={(v) => !q.readOnly && q.onChange(v)}
    >
      <Stack gap={6} mt={4}>
        {optionsOf(props).map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} readOnly={q.readOnly} onBlur={q.onBlur} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** Choice that repeats: a checkbox per option, answered as the list of checked codes. */
export function CheckboxGroupQuestion(props: QuestionProps) {
  const q = useQuestion(props.item, props.name, props.label);
  return (
    <Checkbox.Group
      {...q.inputProps}
      label={labelOf(q.inputProps.label, props.compact)}
      value={codesOf(q.value)}
      onChange={(v) => !q.readOnly && q.onChange(v.length ? v : undefined)}
    >
      <Stack gap={6} mt={4}>
        {optionsOf(props).map((o) => (
          <Checkbox key={o.value} value={o.value} label={o.label} onBlur={q.onBlur} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The Dropdown variant of Choice (and TextChoice): a select; a repeating Choice a multi-select. */
export function SelectQuestion(props: QuestionProps & { data?: { value: string; label: string }[] }) {
  const q = useQuestion(props.item, props.name, props.label);
  const data = props.data ?? optionsOf(props);
  if (props.item.repeats) {
    return (
      <MultiSelect
        {...q.inputProps}
        label={labelOf(q.inputProps.label, props.compact)}
        data={data}
        value={codesOf(q.value)}
        onChange={(v) => q.onChange(v.length ? v : undefined)}
        onBlur={q.onBlur}
        searchable
        maw={props.compact ? undefined : 560}
      />
    );
  }
  return (
    <Select
      {...q.inputProps}
      label={labelOf(q.inputProps.label, props.compact)}
      data={data}
      value={typeof q.value === 'string' ? q.value : null}
      onChange={(v) => q.onChange(v ?? undefined)}
      onBlur={q.onBlur}
      searchable={data.length > 7}
      clearable={!props.item.required}
      allowDeselect={!props.item.required}
      maw={props.compact ? undefined : 420}
    />
  );
}

export const MultiSelectQuestion = SelectQuestion;

/** The ToggleButton variant of Choice: toggle buttons (radio inputs underneath). */
export function SegmentedQuestion(props: QuestionProps) {
  const q = useQuestion(props.item, props.name, props.label);
  return (
    <Input.Wrapper {...q.inputProps} label={labelOf(q.inputProps.label, props.compact)} labelElement="div">
      <Group>
        <SegmentedControl
          aria-label={q.inputProps.label}
          value={typeof q.value === 'string' ? q.value : ''}
          onChange={(v) => !q.readOnly && q.onChange(v)}
          readOnly={q.readOnly}
          data={optionsOf(props)}
        />
      </Group>
    </Input.Wrapper>
  );
}

/**
 * OpenChoice: pick an option or type something else. Picking (or typing exactly) an option's
 * words stores its code; anything else is stored as typed.
 */
export function OpenChoiceQuestion(props: QuestionProps) {
  const q = useQuestion(props.item, props.name, props.label);
  const options = props.item.answerOptions ?? [];
  const shown = typeof q.value === 'string' ? (options.find((o) => o.code === q.value)?.display ?? q.value) : '';
  return (
    <Autocomplete
      {...q.inputProps}
      label={labelOf(q.inputProps.label, props.compact)}
      data={[...new Set(options.map((o) => o.display))]}
      value={shown}
      onChange={(text) => q.onChange(options.find((o) => o.display === text)?.code ?? text)}
      onBlur={q.onBlur}
      placeholder="Choose or type"
      maw={props.compact ? undefined : 420}
    />
  );
}

/** TextChoice: canned phrases; the answer is the chosen phrase's words. */
export function TextChoiceQuestion(props: QuestionProps) {
  const data = [...new Set((props.item.answerOptions ?? []).map((o) => o.display))].map((d) => ({ value: d, label: d }));
  if (props.item.variant === 'Dropdown') return <SelectQuestion {...props} data={data} />;
  return <TextChoiceRadios {...props} data={data} />;
}

function TextChoiceRadios(props: QuestionProps & { data: { value: string; label: string }[] }) {
  const q = useQuestion(props.item, props.name, props.label);
  return (
    <Radio.Group
      {...q.inputProps}
      label={labelOf(q.inputProps.label, props.compact)}
      value={typeof q.value === 'string' ? q.value : null}
      onChange={(v) => q.onChange(v)}
    >
      <Stack gap={6} mt={4}>
        {props.data.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} onBlur={q.onBlur} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

const STATES = US_STATES.concepts.map((c) => ({ value: c.code, label: `${c.display} (${c.code})` }));

/** UsState: a searchable select of USPS codes (states, DC, territories, military). */
export const UsStateQuestion = (props: QuestionProps) => <SelectQuestion {...props} data={STATES} />;
