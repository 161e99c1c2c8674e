import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { object, string } from '../../../ui/yup.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';

export interface ReasonDialogProps {
  title: string;
  /** What the action does, in one sentence. */
  description: string;
  submitLabel: string;
  opened: boolean;
  onClose(): void;
  /** Does the action; a refusal (ApiError) is shown in the dialog, which stays open. */
  onSubmit(reason: string): Promise<unknown>;
  /** More fields above the reason (an amendment's changed text). */
  children?: ReactNode;
  danger?: boolean;
}

// SPEC.md section 5's default message, with the field's label as its path.
const schema = object({ reason: string().label('Reason').trim().required('${path} is a required field') });

/** A dialog that asks why (amending, marking entered in error): the reason is required and kept with the note. */
export function ReasonDialog({ title, description, submitLabel, opened, onClose, onSubmit, children, danger }: ReasonDialogProps) {
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' }, resolver: yupResolver(schema) });
  const submit = useSubmit(async (reason: string) => {
    await onSubmit(reason);
    form.reset();
    onClose();
  });
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <form aria-label={title} onSubmit={form.handleSubmit((v) => submit.run(v.reason.trim()))} noValidate>
        <Stack gap="md">
          <div>{description}</div>
          {children}
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            data-autofocus
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
          />
          <FormErrorAlert error={submit.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submit.pending}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={submit.pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
