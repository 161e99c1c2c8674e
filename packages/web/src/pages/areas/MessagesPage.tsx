import { AreaPage } from '../../features/shell/index.ts';

/** `/messages`, loaded on demand: the area's empty state until its feature is built. */
export default function MessagesPage() {
  return <AreaPage area="messages" />;
}
