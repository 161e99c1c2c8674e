import { numberRange } from '@caseload/core';
import { Input, NumberInput, Rating, SegmentedControl, Slider, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useQuestion } from '../../hooks/useQuestion.ts';
import { numberAnswer } from '../../utils/input-formats.ts';
import type { QuestionProps } from './question-props.ts';

const labelOf = (text: string, compact?: boolean) => (compact ? <VisuallyHidden>{text}</VisuallyHidden> : text);

/** Integer and Decimal, with the USCurrency ($, cents) and Percentage (%) variants. */
export function NumberQuestion({ item, name, label, compact }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const { min, max } = numberRange(item);
  const currency = item.variant === 'USCurrency';
  return (
    <NumberInput
      {...q.inputProps}
      label={labelOf(q.inputProps.label, compact)}
      value={typeof q.value === 'number' ? q.value : ''}
      onChange={(v) => q.onChange(numberAnswer(v))}
      onBlur={q.onBlur}
      min={min}
      max={max}
      allowDecimal={item.type === 'Decimal' || currency}
      decimalScale={currency ? 2 : undefined}
      prefix={currency ? '$' : undefined}
      suffix={item.variant === 'Percentage' ? '%' : undefined}
      thousandSeparator={currency ? ',' : undefined}
      clampBehavior="none"
      hideControls={currency}
      maw={compact ? undefined : 240}
    />
  );
}

/** The Slider variant: min to max by step, with arrow keys (Mantine's slider thumb is focusable). */
export function SliderQuestion({ item, name, label, compact }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const { min = 0, max = 100 } = numberRange(item);
  return (
    <Input.Wrapper {...q.inputProps} label={labelOf(q.inputProps.label, compact)} labelElement="div">
      <Slider
        value={typeof q.value === 'number' ? q.value : min}
        onChange={(v) => !q.readOnly && q.onChange(v)}
        min={min}
        max={max}
        step={item.step ?? 1}
        thumbLabel={q.inputProps.label}
        marks={[
          { value: min, label: String(min) },
          { value: max, label: String(max) },
        ]}
        disabled={q.readOnly}
        mb="lg"
        maw={480}
      />
    </Input.Wrapper>
  );
}

/** The Stars variant: 1 to max (5) stars; Mantine's Rating is radio inputs, so arrow keys choose. */
export function StarsQuestion({ item, name, label, compact }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const { max = 5 } = numberRange(item);
  const id = useId();
  return (
    <Input.Wrapper {...q.inputProps} label={labelOf(q.inputProps.label, compact)} labelElement="div" id={id}>
      <Rating
        value={typeof q.value === 'number' ? q.value : 0}
        onChange={(v) => q.onChange(v || undefined)}
        count={max}
        readOnly={q.readOnly}
        aria-labelledby={`${id}-label`}
        getSymbolLabel={(i) => `${i} of ${max} stars`}
      />
    </Input.Wrapper>
  );
}

/** A row of radio buttons for whole numbers (Smiley and Rating). */
function Scale({ item, name, label, compact, options }: QuestionProps & { options: { value: number; label: React.ReactNode }[] }) {
  const q = useQuestion(item, name, label);
  return (
    <Input.Wrapper {...q.inputProps} label={labelOf(q.inputProps.label, compact)} labelElement="div">
      <div>
        <SegmentedControl
          aria-label={q.inputProps.label}
          value={typeof q.value === 'number' ? String(q.value) : ''}
          onChange={(v) => !q.readOnly && q.onChange(Number(v))}
          readOnly={q.readOnly}
          data={options.map((o) => ({ value: String(o.value), label: o.label }))}
        />
      </div>
    </Input.Wrapper>
  );
}

const SMILEYS = ['Very unhappy', 'Unhappy', 'Neutral', 'Happy', 'Very happy'];
const FACES = ['😢', '🙁', '😐', '🙂', '😄'];

/** The Smiley variant: 1 (very unhappy) to 5 (very happy). */
export const SmileyQuestion = (props: QuestionProps) => (
  <Scale
    {...props}
    options={FACES.map((face, i) => ({
      value: i + 1,
      label: (
        <span role="img" aria-label={SMILEYS[i]}>
          {face}
        </span>
      ),
    }))}
  />
);

/** The Rating variant: min to max, 0 to 10 by default. */
export function RatingQuestion(props: QuestionProps) {
  const { min = 0, max = 10 } = numberRange(props.item);
  const count = Math.max(0, Math.min(50, max - min + 1));
  return <Scale {...props} options={Array.from({ length: count }, (_, i) => ({ value: min + i, label: String(min + i) }))} />;
}
