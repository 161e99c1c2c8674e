import { Button, Group, Stack } from '@mantine/core';
import { FormErrorAlert } from '../FormErrorAlert.tsx';

export interface FormActionsProps {
  pending: boolean;
  /** The last save's error (a refusal by the server, or an error before it was sent). */
  error: unknown;
  onCancel: () => void;
  /** The submit button's words; "Save" unless the form says otherwise. */
  submitLabel?: string;
  /** False when the user may only look (no Update permission). */
  canSubmit?: boolean;
}

/** The foot of an admin form: the save's error, Cancel and Save. */
export function FormActions({ pending, error, onCancel, submitLabel = 'Save', canSubmit = true }: FormActionsProps) {
  return (
    <Stack gap="sm" mt="md">
      <FormErrorAlert error={error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {canSubmit ? 'Cancel' : 'Close'}
        </Button>
        {canSubmit && (
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
