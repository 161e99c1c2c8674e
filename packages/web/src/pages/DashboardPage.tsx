// The card's own files: the feature's index brings the chart's appointments tab (and through it the scribe and the
// note editor), which the dashboard's first chunk must not carry (docs/performance.md, "Initial JavaScript").
import { TodayCard } from '../features/appointments/components/TodayCard.tsx';
import { useShowsAppointments } from '../features/appointments/hooks/useShowsAppointments.ts';
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
