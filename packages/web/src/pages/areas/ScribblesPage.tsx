import { AreaPage } from '../../features/shell/index.ts';

/** `/scribbles`, loaded on demand: the area's empty state until its feature is built. */
export default function ScribblesPage() {
  return <AreaPage area="scribbles" />;
}
