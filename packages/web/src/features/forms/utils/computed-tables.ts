import type { ComputedTable, Reference, Resource, ServiceEventRow, TableReportDefinition, ZonedClock } from '@caseload/core';

type Cell = string | number | boolean | null;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A dotted path of a resource (`code.display`) as a table cell: primitives as they are, references by their display. */
export function cellOf(resource: unknown, path: string): Cell {
  let value: unknown = resource;
  for (const part of path.split('.')) value = isObject(value) ? value[part] : undefined;
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (isObject(value) && typeof value.display === 'string') return value.display;
  return JSON.stringify(value);
}

/** A TableReport snapshot: one row per resource of the report's source, its columns by key. */
export function tableReportSnapshot(report: TableReportDefinition, resources: readonly Resource[], now: Date): ComputedTable {
  return {
    generatedAt: `${now.toISOString().slice(0, 19)}Z`,
    rows: resources.filter((r) => !r.meta?.isDeleted).map((r) => Object.fromEntries(report.columns.map((c) => [c.key, cellOf(r, c.key)]))),
  };
}

const refOf = (value: unknown, type: string): Reference | undefined =>
  isObject(value) && value.resourceType === type && typeof value.id === 'string'
    ? { resourceType: type, id: value.id, ...(typeof value.display === 'string' && { display: value.display }) }
    : undefined;

/**
 * The day a service took place, on the practice's calendar: its session's start, its period's,
 * its date, or when it was created. An instant's day is the practice's (a 9 PM session in Los
 * Angeles is the next day in UTC); a bare date is that day.
 */
function serviceDate(e: Record<string, unknown>, clock: ZonedClock): string | undefined {
  const session = isObject(e.sessionTime) ? e.sessionTime.start : undefined;
  const period = isObject(e.period) ? e.period.start : undefined;
  const when = [session, period, e.date, e.created, isObject(e.meta) ? e.meta.lastModified : undefined].find(
    (v) => typeof v === 'string',
  ) as string | undefined;
  if (!when || !/^\d{4}-\d{2}-\d{2}/.test(when)) return undefined;
  return when.length > 10 ? clock.dateOf(when) || undefined : when;
}

/**
 * A ServiceEvents snapshot: the patient's services (Encounters), newest first, with the service,
 * the first participant and the outcome where the encounter has them.
 */
export function serviceEventsSnapshot(encounters: readonly Resource[], now: Date, clock: ZonedClock): ComputedTable<ServiceEventRow> {
  const rows: ServiceEventRow[] = [];
  for (const raw of encounters) {
    if (raw.meta?.isDeleted) continue;
    const e = raw as unknown as Record<string, unknown>;
    const date = serviceDate(e, clock);
    if (!date) continue;
    const row: ServiceEventRow = {
      date,
      encounter: { resourceType: 'Encounter', id: raw.id, ...(raw.display && { display: raw.display }) },
    };
    const service = refOf(e.serviceType, 'HealthcareService');
    if (service) row.service = service;
    const participants = Array.isArray(e.participants) ? e.participants : [];
    const practitioner = refOf(isObject(participants[0]) ? participants[0].individual : undefined, 'Practitioner');
    if (practitioner) row.practitioner = practitioner;
    const status = e.outcome ?? e.status;
    if (typeof status === 'string') row.status = status;
    rows.push(row);
  }
  rows.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return { generatedAt: `${now.toISOString().slice(0, 19)}Z`, rows };
}
