import type { Filter } from '@caseload/core';
import { useMemo, useState } from 'react';
import type { AuditEventRecord } from '../api/audit-trail.api.ts';
import { auditQuery, dateRangeProblem, type AuditTrailFilters } from '../utils/audit-filters.ts';
import { useAuditEvents, type AuditEventsState } from './useAuditEvents.ts';
import { useAuditPeople, type AuditPeople } from './useAuditPeople.ts';
import { useAuditTrailFilters, type AuditFiltersChange } from './useAuditTrailFilters.ts';

export interface AuditTrailScreen {
  filters: AuditTrailFilters;
  change: (change: AuditFiltersChange) => void;
  /** The query the filters make; undefined while the dates make none (the filters say why). */
  query: Filter[] | undefined;
  trail: AuditEventsState;
  people: AuditPeople;
  /** The event open in the drawer, if any. */
  open: AuditEventRecord | undefined;
  setOpen: (event: AuditEventRecord | undefined) => void;
  /** The last read's failure, in words. */
  failure: string | undefined;
}

/** The audit trail screen's filters (kept in the URL), the events they find, and the open event. */
export function useAuditTrail(timeZone: string): AuditTrailScreen {
  const { filters, change } = useAuditTrailFilters();
  const query = useMemo(() => (dateRangeProblem(filters) ? undefined : auditQuery(filters, timeZone)), [filters, timeZone]);
  const trail = useAuditEvents(query);
  const people = useAuditPeople();
  const [open, setOpen] = useState<AuditEventRecord>();
  const failure = trail.error instanceof Error ? trail.error.message : trail.error ? String(trail.error) : undefined;
  return { filters, change, query, trail, people, open, setOpen, failure };
}
