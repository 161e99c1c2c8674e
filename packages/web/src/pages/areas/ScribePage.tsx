import { AreaPage } from '../../features/shell/index.ts';

/** `/scribe`, loaded on demand: the area's empty state until its feature is built. */
export default function ScribePage() {
  return <AreaPage area="scribe" />;
}
