import { AreaPage } from '../../features/shell/index.ts';

/** `/forms`, loaded on demand: the area's empty state until its feature is built. */
export default function FormsPage() {
  return <AreaPage area="forms" />;
}
