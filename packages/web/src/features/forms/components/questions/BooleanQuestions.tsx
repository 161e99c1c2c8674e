import { Checkbox, Input, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useId } from 'react';
import { useQuestion } from '../../hooks/useQuestion.ts';
import type { QuestionProps } from './question-props.ts';

const fromText = (v: string) => (v === 'true' ? true : v === 'false' ? false : undefined);
const toText = (v: unknown) => (v === true ? 'true' : v === false ? 'false' : '');

/** Boolean: a checkbox (checked = true). */
export function CheckboxQuestion({ item, name, label, compact }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const text = q.inputProps.label;
  return (
    <Checkbox
      checked={q.value === true}
      onChange={(e) => !q.readOnly && q.onChange(e.currentTarget.checked)}
      onBlur={q.onBlur}
      label={compact ? <VisuallyHidden>{text}</VisuallyHidden> : text}
      description={q.inputProps.description}
      error={q.error}
      readOnly={q.readOnly}
      required={item.required}
    />
  );
}

/** Boolean shown as two choices (the Thumbs and ToggleButton variants): radio buttons underneath, so arrow keys choose. */
function TwoWay({ item, name, label, compact, thumbs }: QuestionProps & { thumbs: boolean }) {
  const q = useQuestion(item, name, label);
  const id = useId();
  const data = thumbs
    ? [
        { value: 'true', label: <IconThumbUp size={20} aria-label="Thumbs up" /> },
        { value: 'false', label: <IconThumbDown size={20} aria-label="Thumbs down" /> },
      ]
    : [
        { value: 'true', label: 'Yes' },
        { value: 'false', label: 'No' },
      ];
  return (
    <Input.Wrapper
      {...q.inputProps}
      label={compact ? <VisuallyHidden>{q.inputProps.label}</VisuallyHidden> : q.inputProps.label}
      labelElement="div"
      id={id}
    >
      <div>
        <SegmentedControl
          aria-labelledby={`${id}-label`}
          aria-label={q.inputProps.label}
          value={toText(q.value)}
          onChange={(v) => !q.readOnly && q.onChange(fromText(v))}
          readOnly={q.readOnly}
          data={data}
          color={thumbs ? (q.value === false ? 'intent-danger' : 'intent-success') : undefined}
        />
      </div>
    </Input.Wrapper>
  );
}

/** Boolean, Thumbs variant: thumbs up is true. */
export const ThumbsQuestion = (props: QuestionProps) => <TwoWay {...props} thumbs />;
/** Boolean, ToggleButton variant: Yes / No toggle buttons. */
export const YesNoToggleQuestion = (props: QuestionProps) => <TwoWay {...props} thumbs={false} />;
