import { ItinerariesView } from '../../features/itineraries/index.ts';

/** `/itineraries`, loaded on demand: a practitioner's day plans (features/itineraries). */
export default function ItinerariesPage() {
  return <ItinerariesView />;
}
