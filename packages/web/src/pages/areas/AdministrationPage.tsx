import { AreaPage } from '../../features/shell/index.ts';

/** `/administration`, loaded on demand: the area's empty state until its feature is built. */
export default function AdministrationPage() {
  return <AreaPage area="administration" />;
}
