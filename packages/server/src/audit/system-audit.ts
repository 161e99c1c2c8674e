import { AUDIT_EVENT_TYPES } from '@caseload/core';
import type { AuditRecord } from './audit-writer.ts';

/** The server itself, as the agent of what it does on its own (no account, no request). */
const SYSTEM_AGENT = { who: { resourceType: 'System', id: 'caseload' }, accountId: 'system' };

/** Data the server generated or loaded into a practice on its own (DICOM Import), `description` saying what. */
export function systemImportAudit(practiceId: string, description: string): AuditRecord {
  return { practiceId, event: { type: AUDIT_EVENT_TYPES.import, action: 'E', outcome: 'Success', description, agent: SYSTEM_AGENT } };
}

/**
 * A clinician's calendar feed read by a calendar app (no session: the feed's token is the
 * credential), as a query by that clinician; `count` the appointments it listed.
 */
export function calendarFeedReadAudit(practiceId: string, practitionerId: string, count: number, withPatientNames: boolean): AuditRecord {
  return {
    practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.query,
      action: 'E',
      outcome: 'Success',
      description:
        `Calendar feed read: ${count} appointments of Practitioner ${practitionerId}` +
        (withPatientNames ? ', with patient names' : '') +
        '.',
      agent: { who: { resourceType: 'Practitioner', id: practitionerId }, accountId: 'calendar-feed' },
      entity: { resourceType: 'Appointment', query: 'calendar-feed' },
    },
  };
}
