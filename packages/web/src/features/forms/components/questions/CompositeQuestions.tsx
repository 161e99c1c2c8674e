import { ContactUses, US_STATES } from '@caseload/core';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuestion } from '../../hooks/useQuestion.ts';
import { formatPostalCodeInput } from '../../utils/input-formats.ts';
import type { QuestionProps } from './question-props.ts';

type Obj = Record<string, unknown>;
const objectOf = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A group of inputs answering one question: a fieldset whose legend is the question. */
function Group_({
  label,
  required,
  help,
  error,
  children,
}: {
  label: string;
  required?: boolean;
  help?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend style={{ padding: 0 }}>
        <Text fw={500} fz="sm" component="span">
          {label}
          {required && (
            <Text component="span" c="red" aria-hidden>
              {' '}
              *
            </Text>
          )}
        </Text>
      </legend>
      {help && (
        <Text fz="xs" c="dimmed">
          {help}
        </Text>
      )}
      {children}
      {error && (
        <Text fz="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}

/**
 * ContactPoint: how to reach someone (people/types.ts ContactPoint). The Email and Phone
 * variants fix the system; otherwise the person picks Phone or E-mail.
 */
export function ContactPointQuestion({ item, name, label }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const value = objectOf(q.value);
  const fixed = item.variant === 'Email' ? 'Email' : item.variant === 'Phone' ? 'Phone' : undefined;
  const system = fixed ?? (text(value.system) || 'Phone');
  const set = (patch: Obj) => q.onChange({ ...value, system, ...patch });
  return (
    <Group_ label={q.inputProps.label} required={item.required} help={item.help} error={q.error}>
      <Group gap="sm" align="flex-end">
        {!fixed && (
          <Select
            label="Kind"
            data={[
              { value: 'Phone', label: 'Phone' },
              { value: 'Email', label: 'E-mail' },
            ]}
            value={system}
            onChange={(v) => set({ system: v ?? 'Phone' })}
            allowDeselect={false}
            w={120}
            readOnly={q.readOnly}
          />
        )}
        <TextInput
          label={system === 'Email' ? 'E-mail address' : 'Phone number'}
          type={system === 'Email' ? 'email' : 'tel'}
          value={text(value.value)}
          onChange={(e) => set({ value: e.currentTarget.value })}
          onBlur={q.onBlur}
          readOnly={q.readOnly}
        />
        <Select
          label="Use"
          data={[...ContactUses]}
          value={text(value.use) || null}
          onChange={(v) => set({ use: v ?? undefined })}
          clearable
          w={120}
          readOnly={q.readOnly}
        />
      </Group>
    </Group_>
  );
}

const STATES = US_STATES.concepts.map((c) => ({ value: c.code, label: `${c.display} (${c.code})` }));

/** Address (people/types.ts Address): street, city, state (USPS code) and ZIP. */
export function AddressQuestion({ item, name, label }: QuestionProps) {
  const q = useQuestion(item, name, label);
  const value = objectOf(q.value);
  const set = (patch: Obj) => q.onChange({ ...value, ...patch });
  const line = Array.isArray(value.line) ? ((value.line as string[])[0] ?? '') : '';
  return (
    <Group_ label={q.inputProps.label} required={item.required} help={item.help} error={q.error}>
      <Stack gap={6} maw={560}>
        <TextInput
          label="Street"
          value={line}
          onChange={(e) => set({ line: e.currentTarget.value ? [e.currentTarget.value] : undefined })}
          onBlur={q.onBlur}
          readOnly={q.readOnly}
        />
        <Group gap="sm" align="flex-end" grow>
          <TextInput
            label="City"
            value={text(value.city)}
            onChange={(e) => set({ city: e.currentTarget.value })}
            onBlur={q.onBlur}
            readOnly={q.readOnly}
          />
          <Select
            label="State"
            data={STATES}
            value={text(value.state) || null}
            onChange={(v) => set({ state: v ?? undefined })}
            searchable
            clearable
            readOnly={q.readOnly}
          />
          <TextInput
            label="ZIP"
            inputMode="numeric"
            value={text(value.postalCode)}
            onChange={(e) => set({ postalCode: formatPostalCodeInput(e.currentTarget.value) })}
            onBlur={q.onBlur}
            readOnly={q.readOnly}
          />
        </Group>
      </Stack>
    </Group_>
  );
}
