import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Modal } from '../../../ui/Modal.tsx';

export interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's title, also the form's accessible name. */
  title: string;
  onSubmit: (event?: FormEvent) => void;
  saving?: boolean;
  /** The Save button's words. */
  submitLabel?: string;
  size?: string;
  children: ReactNode;
}

/**
 * A chart edit form in the modal dialog of SPEC.md section 2: Escape and a click outside do not
 * close it, so typed text is never lost to a stray key; Cancel and the close button do.
 */
export function FormDialog({ opened, onClose, title, onSubmit, saving, submitLabel = 'Save', size = 'lg', children }: FormDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form aria-label={title} noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
