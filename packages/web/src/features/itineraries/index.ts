/**
 * Itineraries (issue 20): a practitioner's plan for a day, its visits in order with topics and
 * travel notes, and the day's topics the ItineraryTopics note element shows. docs/scheduling.md, "Itineraries".
 */
export { ItinerariesView } from './components/ItinerariesView.tsx';
export { useDayItinerary } from './hooks/useDayItinerary.ts';
