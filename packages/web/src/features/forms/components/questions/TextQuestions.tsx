import { Group, PasswordInput, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useQuestion } from '../../hooks/useQuestion.ts';
import { formatPostalCodeInput, formatSsnInput, maskSsn } from '../../utils/input-formats.ts';
import type { QuestionProps } from './question-props.ts';

const labelOf = (text: string, compact?: boolean) => (compact ? <VisuallyHidden>{text}</VisuallyHidden> : text);
const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/** String, with the Email, Phone and PostalCode variants (an input of the matching kind). */
export function TextQuestion({ item, name, label, compact }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const kind = item.variant === 'Email' ? 'email' : item.variant === 'Phone' ? 'tel' : 'text';
  const postal = item.variant === 'PostalCode';
  return (
    <TextInput
      {...q.inputProps}
      label={labelOf(q.inputProps.label, compact)}
      type={kind}
      inputMode={postal ? 'numeric' : undefined}
      autoComplete={item.variant === 'Email' ? 'email' : item.variant === 'Phone' ? 'tel' : postal ? 'postal-code' : 'off'}
      placeholder={postal ? '99999 or 99999-9999' : item.variant === 'Phone' ? '(555) 123-4567' : undefined}
      value={textOf(q.value)}
      onChange={(e) => q.onChange(postal ? formatPostalCodeInput(e.currentTarget.value) : e.currentTarget.value)}
      onBlur={q.onBlur}
      maxLength={item.maxLength}
      maw={compact ? undefined : 560}
    />
  );
}

/** Text: several lines; FormattedText takes markdown (said under the box). */
export function TextareaQuestion({ item, name, label, compact }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const markdown = item.variant === 'FormattedText';
  return (
    <Textarea
      {...q.inputProps}
      label={labelOf(q.inputProps.label, compact)}
      description={
        [q.inputProps.description, markdown ? 'Markdown: **bold**, *italic*, "- " for a list.' : undefined].filter(Boolean).join(' ') ||
        undefined
      }
      value={textOf(q.value)}
      onChange={(e) => q.onChange(e.currentTarget.value)}
      onBlur={q.onBlur}
      autosize
      minRows={markdown ? 4 : 2}
      maxLength={item.maxLength}
      maw={compact ? undefined : 720}
    />
  );
}

/**
 * The SocialSecurityNumber variant: typed as digits, dashed 999-99-9999, and masked (a password
 * box with a show toggle) so it is not read over a shoulder; the last four show beneath.
 */
export function SsnQuestion({ item, name, label, compact }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const value = textOf(q.value);
  return (
    <PasswordInput
      {...q.inputProps}
      label={labelOf(q.inputProps.label, compact)}
      description={q.inputProps.description ?? (value ? `Saved as ${maskSsn(value)}` : '999-99-9999')}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(e) => q.onChange(formatSsnInput(e.currentTarget.value))}
      onBlur={q.onBlur}
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the number' }}
      maw={compact ? undefined : 240}
    />
  );
}

/** The LastFirstName variant: last and first name boxes, answered as { family, given }. */
export function LastFirstNameQuestion({ item, name, label }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const value = (q.value && typeof q.value === 'object' ? q.value : {}) as { family?: string; given?: string };
  const [touched, setTouched] = useState(false);
  const set = (part: 'family' | 'given', text: string) => q.onChange({ ...value, [part]: text });
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text fw={500} fz="sm" component="span">
          {q.inputProps.label}
          {item.required && (
            <Text component="span" c="red" aria-hidden>
              {' '}
              *
            </Text>
          )}
        </Text>
      </legend>
      <Group gap="sm" align="flex-start">
        <TextInput
          label="Last name"
          value={value.family ?? ''}
          readOnly={q.readOnly}
          onChange={(e) => set('family', e.currentTarget.value)}
          onBlur={() => {
            setTouched(true);
            q.onBlur();
          }}
        />
        <TextInput
          label="First name"
          value={value.given ?? ''}
          readOnly={q.readOnly}
          onChange={(e) => set('given', e.currentTarget.value)}
          onBlur={q.onBlur}
        />
      </Group>
      {item.help && (
        <Text fz="xs" c="dimmed">
          {item.help}
        </Text>
      )}
      {q.error && touched && (
        <Text fz="xs" c="red" role="alert">
          {q.error}
        </Text>
      )}
    </fieldset>
  );
}
