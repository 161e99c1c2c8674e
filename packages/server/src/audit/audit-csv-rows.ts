import {
  AUDIT_ACTION_WORDS,
  auditEventSummary,
  auditEventTypeWords,
  localParts,
  resourceTypeLabel,
  type AuditEventBody,
} from '@caseload/core';

/** A stored audit event: its body, with the id and meta every stored resource has. */
export type StoredAuditEvent = AuditEventBody & { id: string };

/** Names the export can give the people an event mentions (those the caller may read). */
export interface AuditNames {
  /** The user's name: a Practitioner's or a portal Patient's. */
  person(who: { resourceType: string; id: string } | undefined): string | undefined;
  patient(id: string | undefined): { name: string; mrn?: string } | undefined;
}

/** The header line: what each column of the export holds (docs/audit-trail.md). */
export function auditCsvHeader(timeZone: string): string[] {
  return [
    `Recorded (${timeZone})`,
    'Recorded (UTC)',
    'Event',
    'Event type',
    'Action',
    'Outcome',
    'Description',
    'User',
    'User profile',
    'Account',
    'Record type',
    'Record id',
    'Record version',
    'Query',
    'Patient',
    'Patient MRN',
    'Patient id',
    'Address',
    'User agent',
    'Request id',
    'Event id',
  ];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-11-01 09:03:22`: the wall clock of the practice, which the header names. */
export function localDateTime(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** One event as the header's columns, in words. */
export function auditCsvRow(event: StoredAuditEvent, names: AuditNames, timeZone: string): (string | undefined)[] {
  const who = event.agent?.who;
  const patient = names.patient(event.patient?.id);
  const entity = event.entity;
  return [
    localDateTime(new Date(event.recorded), timeZone),
    event.recorded,
    auditEventSummary(event),
    auditEventTypeWords(event),
    AUDIT_ACTION_WORDS[event.action]?.name ?? event.action,
    event.outcome,
    event.description,
    names.person(who),
    who ? `${who.resourceType}/${who.id}` : undefined,
    event.agent?.accountId,
    entity ? resourceTypeLabel(entity.resourceType) : undefined,
    entity?.id,
    entity?.versionId,
    entity?.query,
    patient?.name,
    patient?.mrn,
    event.patient?.id,
    event.agent?.address,
    event.agent?.userAgent,
    event.requestId,
    event.id,
  ];
}
