import { AreaPage } from '../../features/shell/index.ts';

/** `/schedule`, loaded on demand: the area's empty state until its feature is built. */
export default function SchedulePage() {
  return <AreaPage area="schedule" />;
}
