import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isApiError } from '../api/index.ts';

export interface FormErrorAlertProps {
  error: unknown;
  /** Issue paths a form field already shows beside itself, so they are not said twice. */
  fieldPaths?: string[];
}

/**
 * The error of a form's last submit: the server's words, and any issue no field claimed
 * (STYLE.md 8: each field picks its own by path, the alert shows the rest).
 */
export function FormErrorAlert({ error, fieldPaths = [] }: FormErrorAlertProps) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const issues = isApiError(error) ? error.issues.filter((i) => !fieldPaths.includes(i.path)) : [];
  const claimed = isApiError(error) && error.issues.some((i) => fieldPaths.includes(i.path) && i.message === message);
  if (claimed && issues.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
      {message}
      {issues.length > 0 && (
        <List size="sm" mt={4}>
          {issues.map((i) => (
            <List.Item key={`${i.path}:${i.message}`}>{i.message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
