import { AreaPage } from '../../features/shell/index.ts';

/** `/document-import`, loaded on demand: the area's empty state until its feature is built. */
export default function DocumentImportPage() {
  return <AreaPage area="document-import" />;
}
