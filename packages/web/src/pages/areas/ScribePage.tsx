import { ScribeSessionsList } from '../../features/scribe/index.ts';

/** `/scribe`, loaded on demand: the scribe sessions the user may see. */
export default function ScribePage() {
  return <ScribeSessionsList />;
}
