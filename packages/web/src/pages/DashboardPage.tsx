import { NoteQueues } from '../features/notes-queues/index.ts';
import { AreaPage } from '../features/shell/index.ts';

/**
 * `/`, loaded on demand: the note lists of those who sign or co-sign notes (issue 7); the
 * dashboard's empty state for everyone else.
 */
export default function DashboardPage() {
  return <NoteQueues fallback={<AreaPage area="dashboard" />} />;
}
