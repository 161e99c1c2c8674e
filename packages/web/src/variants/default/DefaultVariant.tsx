import { App } from '../../app/App.tsx';

/** The main variant, for every browser that is neither mobile-only nor legacy. */
export default function DefaultVariant() {
  return <App />;
}
