import { AreaPage } from '../../features/shell/index.ts';

/** `/snippets`, loaded on demand: the area's empty state until its feature is built. */
export default function SnippetsPage() {
  return <AreaPage area="snippets" />;
}
