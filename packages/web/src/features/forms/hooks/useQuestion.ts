import type { QuestionnaireItem } from '@caseload/core';
import { useController } from 'react-hook-form';
import { errorMessage } from '../utils/form-errors.ts';
import { isComputed } from '../utils/question-widgets.ts';

/** What a question's input needs: its value and setter, and the props every Mantine input takes. */
export interface QuestionBinding {
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** label, description, error, withAsterisk, readOnly: spread onto the input. */
  inputProps: {
    label: string;
    description?: string;
    error?: string;
    withAsterisk: boolean;
    readOnly: boolean;
  };
  error?: string;
  readOnly: boolean;
}

/**
 * Binds one question (or one Grid cell: `name` is then `grid.row.column`) to the form: it
 * subscribes to its own field only, so typing in it re-renders it alone.
 */
export function useQuestion(item: QuestionnaireItem, name: string, label?: string): QuestionBinding {
  const { field, fieldState } = useController({ name });
  const error = errorMessage(fieldState.error);
  const readOnly = isComputed(item);
  return {
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    error,
    readOnly,
    inputProps: {
      label: label ?? item.text ?? item.linkId,
      description: item.help,
      error,
      withAsterisk: item.required === true,
      readOnly,
    },
  };
}
