import type { Resource } from '@caseload/core';

/**
 * What every admin form gets: the item to edit (none for a new one), the save (the edited fields;
 * it rejects with the server's refusal, which the form shows), and a way out. `readOnly` forms
 * show the values without a Save button.
 */
export interface AdminFormProps<T extends Resource> {
  item?: T;
  onSave: (fields: Record<string, unknown>) => Promise<void>;
  onCancel: () => void;
  readOnly?: boolean;
}
