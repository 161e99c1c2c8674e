import { TodayCard, useShowsAppointments } from '../features/appointments/index.ts';
import { NoteQueues } from '../features/notes-queues/index.ts';
import { profileReference, useCurrentPractice } from '../features/practice/index.ts';
import { AreaPage } from '../features/shell/index.ts';

/**
 * `/`, in the shell's chunk: a clinician's appointments of today (issue 20) above the note lists
 * of those who sign or co-sign notes (issue 7); the dashboard's empty state for everyone else.
 */
export default function DashboardPage() {
  const profile = profileReference(useCurrentPractice().current);
  const today = useShowsAppointments() && profile?.resourceType === 'Practitioner';
  return <NoteQueues fallback={<AreaPage area="dashboard" />} lead={today ? <TodayCard /> : undefined} />;
}
