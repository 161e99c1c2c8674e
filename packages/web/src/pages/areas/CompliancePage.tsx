import { AreaPage } from '../../features/shell/index.ts';

/** `/compliance`, loaded on demand: the area's empty state until its feature is built. */
export default function CompliancePage() {
  return <AreaPage area="compliance" />;
}
