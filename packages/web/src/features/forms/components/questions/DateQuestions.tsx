import { TextInput, VisuallyHidden } from '@mantine/core';
import { useQuestion } from '../../hooks/useQuestion.ts';
import { usePracticeTime } from '../../../practice/index.ts';
import type { QuestionProps } from './question-props.ts';

const labelOf = (text: string, compact?: boolean) => (compact ? <VisuallyHidden>{text}</VisuallyHidden> : text);
const textOf = (v: unknown) => (typeof v === 'string' ? v : '');
const bound = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Date and Time: the browser's own date and time inputs (keyboard-complete, localised), whose
 * values are already the answer formats yyyy-MM-dd and HH:mm[:ss].
 */
export function DateQuestion({ item, name, label, compact }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const time = item.type === 'Time';
  return (
    <TextInput
      {...q.inputProps}
      label={labelOf(q.inputProps.label, compact)}
      type={time ? 'time' : 'date'}
      step={time ? 1 : undefined}
      min={bound(item.min)}
      max={bound(item.max)}
      value={textOf(q.value)}
      onChange={(e) => q.onChange(e.currentTarget.value || undefined)}
      onBlur={q.onBlur}
      maw={compact ? undefined : 220}
    />
  );
}

/**
 * DateTime: typed on the practice's clock, answered as a UTC timestamp. Where the browser's zone
 * is another, the zone is named under the box, so no one types their own clock's time.
 */
export function DateTimeQuestion({ item, name, label, compact }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const clock = usePracticeTime();
  const zone = clock.namesZone
    ? `Time in ${clock.timeZone} (${clock.zoneName(typeof q.value === 'string' ? q.value : undefined)})`
    : undefined;
  return (
    <TextInput
      {...q.inputProps}
      label={labelOf(q.inputProps.label, compact)}
      description={[q.inputProps.description, zone].filter(Boolean).join('. ') || undefined}
      type="datetime-local"
      step={1}
      value={typeof q.value === 'string' ? clock.toInput(q.value) : ''}
      onChange={(e) => q.onChange(clock.fromInput(e.currentTarget.value))}
      onBlur={q.onBlur}
      maw={compact ? undefined : 260}
    />
  );
}

/**
 * Approximate dates (a year, a month or a day, SPEC.md section 5) and Durations
 * (hours:minutes:seconds): typed as text, with the format as the placeholder; the core's
 * messages ('Invalid Approximate: …', '"…" is an invalid duration format.') say what is wrong.
 */
export function FormattedTextQuestion({ item, name, label, compact }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const approximate = item.type === 'Approximate';
  return (
    <TextInput
      {...q.inputProps}
      label={labelOf(q.inputProps.label, compact)}
      placeholder={approximate ? 'yyyy, yyyy-mm or yyyy-mm-dd' : 'hh:mm:ss'}
      description={q.inputProps.description ?? (approximate ? 'A year, a month or a day' : 'Hours, minutes and seconds')}
      value={textOf(q.value)}
      onChange={(e) => q.onChange(e.currentTarget.value)}
      onBlur={q.onBlur}
      maw={compact ? undefined : 260}
    />
  );
}
