import { AreaPage } from '../../features/shell/index.ts';

/** `/notes`, loaded on demand: the area's empty state until its feature is built. */
export default function NotesPage() {
  return <AreaPage area="notes" />;
}
