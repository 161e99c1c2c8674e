import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useStartNote } from '../hooks/useStartNote.ts';
import { AppointmentList } from './AppointmentList.tsx';

const NewNoteDialog = lazy(() => import('../../notes/components/NewNoteDialog.tsx').then((m) => ({ default: m.NewNoteDialog })));

export interface PatientAppointmentsTabProps {
  patientId: string;
}

/**
 * The chart's Appointments tab: the patient's upcoming appointments (soonest first) and past ones
 * (latest first), each with its status and note state, and "Start note" or "Open note" as on the
 * dashboard. Shown only to those who may view the scheduler (the chart decides).
 */
export function PatientAppointmentsTab({ patientId }: PatientAppointmentsTabProps) {
  const startNote = useStartNote();
  return (
    <Stack gap="lg">
      <FormErrorAlert error={startNote.start.error} />
      <AppointmentList patientId={patientId} direction="upcoming" startNote={startNote} />
      <AppointmentList patientId={patientId} direction="past" startNote={startNote} />
      {startNote.session && (
        <Suspense fallback={null}>
          <NewNoteDialog patientId={startNote.session.patientId} encounter={startNote.session.encounter} opened onClose={startNote.close} />
        </Suspense>
      )}
    </Stack>
  );
}
