import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearch, searchFromFilters, type AuditTrailFilters } from '../utils/audit-filters.ts';

/** A change of filters, made from the filters in force when it applies. */
export type AuditFiltersChange = (current: AuditTrailFilters) => AuditTrailFilters;

/**
 * The trail's filters as the URL holds them (a link from a chart opens it filtered; Back returns to
 * the filters before), and a way to change them. A change starts from the URL as it is now
 * (`window.location`), not as last rendered: the router renders a new URL in a transition, so two
 * quick changes (a patient, then a date) would otherwise both start from the old filters, and the
 * second would undo the first.
 */
export function useAuditTrailFilters(): { filters: AuditTrailFilters; change: (change: AuditFiltersChange) => void } {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const change = useCallback(
    (apply: AuditFiltersChange) => setSearch(searchFromFilters(apply(filtersFromSearch(new URLSearchParams(window.location.search))))),
    [setSearch],
  );
  return { filters, change };
}
