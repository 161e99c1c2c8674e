import { AreaPage } from '../../features/shell/index.ts';

/** `/itineraries`, loaded on demand: the area's empty state until its feature is built. */
export default function ItinerariesPage() {
  return <AreaPage area="itineraries" />;
}
