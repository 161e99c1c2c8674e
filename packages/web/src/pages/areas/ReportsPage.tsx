import { AreaPage } from '../../features/shell/index.ts';

/** `/reports`, loaded on demand: the area's empty state until its feature is built. */
export default function ReportsPage() {
  return <AreaPage area="reports" />;
}
