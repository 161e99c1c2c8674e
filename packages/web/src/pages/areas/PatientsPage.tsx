import { AreaPage } from '../../features/shell/index.ts';

/** `/patients`, loaded on demand: the area's empty state until its feature is built. */
export default function PatientsPage() {
  return <AreaPage area="patients" />;
}
