import { App } from '../../app/App.tsx';

/**
 * The variant for mobile-only devices. For now the same routes, whose public pages already fit a
 * phone; issue 4 gives it its own shell sized for phones.
 */
export default function MobileVariant() {
  return <App />;
}
