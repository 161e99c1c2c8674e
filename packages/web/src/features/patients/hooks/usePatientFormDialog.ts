import type { Patient } from '@caseload/core';
import { useState } from 'react';
import type { ChartEditor } from '../utils/chart-editors.ts';

export interface PatientFormDialog {
  /** The patient form open over the chart, if any. */
  editor: ChartEditor | undefined;
  /** The form opened last: the one a refused save came from. */
  lastEditor: ChartEditor;
  /** The refused values the open form was opened on, if any (else it edits the patient as stored). */
  restored: Patient | undefined;
  /** Opens a form, on `from` (a refused save's values) if given. */
  open: (which: ChartEditor, from?: Patient) => void;
  close: () => void;
}

/** Which of the chart's patient forms is open, and on what values. */
export function usePatientFormDialog(): PatientFormDialog {
  const [editor, setEditor] = useState<ChartEditor>();
  const [lastEditor, setLastEditor] = useState<ChartEditor>('demographics');
  const [restored, setRestored] = useState<Patient>();
  const open = (which: ChartEditor, from?: Patient) => {
    setRestored(from);
    setLastEditor(which);
    setEditor(which);
  };
  const close = () => {
    setEditor(undefined);
    setRestored(undefined);
  };
  return { editor, lastEditor, restored, open, close };
}
