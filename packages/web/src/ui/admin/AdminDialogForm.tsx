import { Stack, TextInput, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Path } from 'react-hook-form';
import type { AdminForm } from './useAdminForm.ts';
import { FormActions } from './FormActions.tsx';

export interface AdminDialogFormProps<V extends { name: string }> {
  /** The form and its save, from `useAdminForm`. */
  admin: AdminForm<V>;
  onCancel: () => void;
  /** Shows the values without a Save button. */
  readOnly?: boolean;
  /** The space between fields: "sm"; "md" for forms made of fieldsets. */
  gap?: MantineSpacing;
  /** The form's accessible name, where there is more than one form on the page. */
  label?: string;
  /** The fields after the name. */
  children: ReactNode;
}

/**
 * The layout every admin edit dialog shares: the record's Name first (focused when the dialog
 * opens), the form's own fields, then the save's error and Cancel/Save (Close when read-only).
 */
export function AdminDialogForm<V extends { name: string }>({
  admin,
  onCancel,
  readOnly,
  gap = 'sm',
  label,
  children,
}: AdminDialogFormProps<V>) {
  const { form, submit, onSubmit } = admin;
  const name = 'name' as Path<V>;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap={gap}>
        <TextInput
          label="Name"
          required
          data-autofocus
          disabled={readOnly}
          error={form.getFieldState(name, form.formState).error?.message}
          {...form.register(name)}
        />
        {children}
      </Stack>
      <FormActions pending={submit.pending} error={submit.error} onCancel={onCancel} canSubmit={!readOnly} />
    </form>
  );
}
