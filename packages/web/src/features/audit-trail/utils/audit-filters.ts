import { addDays, AUDIT_EVENT_TYPES, zonedInstant, type Filter } from '@caseload/core';

/**
 * What the audit trail is narrowed to, as the screen's filters and its URL hold it (so a link from
 * a chart or a staff page opens it filtered, and Back returns to the last filters).
 */
export interface AuditTrailFilters {
  patientId?: string;
  /** The acting profile (a staff member's Practitioner). */
  practitionerId?: string;
  /** The sign-in account, whichever profile it acted as (and failed sign-ins, which have none). */
  accountId?: string;
  /** First day, yyyy-MM-dd on the practice's calendar. */
  from?: string;
  /** Last day, included. */
  to?: string;
  outcome?: 'Success' | 'Failure';
  /** A DICOM event type code (AUDIT_EVENT_TYPES). */
  eventType?: string;
}

/** Each filter's search parameter. */
const PARAMS: Record<keyof AuditTrailFilters, string> = {
  patientId: 'patient',
  practitionerId: 'user',
  accountId: 'account',
  from: 'from',
  to: 'to',
  outcome: 'outcome',
  eventType: 'type',
};

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EVENT_CODES: readonly string[] = Object.values(AUDIT_EVENT_TYPES).map((t) => t.code);

/** Whether a parameter's value can be that filter; anything else in a URL is ignored. */
const VALID: Record<keyof AuditTrailFilters, (value: string) => boolean> = {
  patientId: (v) => ID.test(v),
  practitionerId: (v) => ID.test(v),
  accountId: (v) => ID.test(v),
  from: (v) => DAY.test(v),
  to: (v) => DAY.test(v),
  outcome: (v) => v === 'Success' || v === 'Failure',
  eventType: (v) => EVENT_CODES.includes(v),
};

const KEYS = Object.keys(PARAMS) as (keyof AuditTrailFilters)[];

/** The filters a URL's search holds. */
export function filtersFromSearch(search: URLSearchParams): AuditTrailFilters {
  const filters: Record<string, string> = {};
  for (const key of KEYS) {
    const value = search.get(PARAMS[key]);
    if (value && VALID[key](value)) filters[key] = value;
  }
  return filters as AuditTrailFilters;
}

/** The URL search of some filters (none set: empty). */
export function searchFromFilters(filters: AuditTrailFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key];
    if (value) search.set(PARAMS[key], value);
  }
  return search;
}

/** True when any filter is set. */
export const hasFilters = (filters: AuditTrailFilters) => KEYS.some((key) => filters[key]);

/** Why the dates cannot be searched, or undefined when they can. */
export function dateRangeProblem(filters: AuditTrailFilters): string | undefined {
  if (filters.from && filters.to && filters.to < filters.from) return 'The end date is before the start date.';
  return undefined;
}

/**
 * The query of `POST AuditEvents/queries` (and of the export) for these filters: each an indexed or
 * walked filter of the trail (docs/query-grammar.md), days read on the practice's calendar, the
 * last one included.
 */
export function auditQuery(filters: AuditTrailFilters, timeZone: string): Filter[] {
  const query: Filter[] = [];
  if (filters.patientId) query.push({ field: 'patient.id', op: 'eq', value: filters.patientId });
  if (filters.practitionerId) query.push({ field: 'agent.who.id', op: 'eq', value: filters.practitionerId });
  if (filters.accountId) query.push({ field: 'agent.accountId', op: 'eq', value: filters.accountId });
  if (filters.from)
    query.push({ field: 'meta.lastModified', op: 'ge', value: zonedInstant(filters.from, '00:00:00', timeZone).toISOString() });
  if (filters.to) {
    query.push({ field: 'meta.lastModified', op: 'lt', value: zonedInstant(addDays(filters.to, 1), '00:00:00', timeZone).toISOString() });
  }
  if (filters.outcome) query.push({ field: 'outcome', op: 'eq', value: filters.outcome });
  if (filters.eventType) query.push({ field: 'type.code', op: 'eq', value: filters.eventType });
  return query;
}
