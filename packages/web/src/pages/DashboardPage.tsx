import { AreaPage } from '../features/shell/index.ts';

/** `/`, loaded on demand: the dashboard's empty state until the dashboard is built. */
export default function DashboardPage() {
  return <AreaPage area="dashboard" />;
}
