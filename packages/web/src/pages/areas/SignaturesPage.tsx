import { AreaPage } from '../../features/shell/index.ts';

/** `/signatures`, loaded on demand: the area's empty state until its feature is built. */
export default function SignaturesPage() {
  return <AreaPage area="signatures" />;
}
