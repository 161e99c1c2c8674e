import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_SUBTYPES, AUDIT_EVENT_TYPES, type AuditEventBody } from './audit-codes.ts';
import {
  auditEntityWords,
  auditEventSummary,
  auditEventTypeWords,
  resourceTypeLabel,
  resourceTypeWords,
  type AuditEventFacts,
} from './audit-event-words.ts';

const T = AUDIT_EVENT_TYPES;
const event = (facts: Partial<AuditEventFacts> & Pick<AuditEventFacts, 'type'>): AuditEventFacts => ({
  action: 'E',
  outcome: 'Success',
  ...facts,
});
const note = { resourceType: 'Note', id: 'n1' };

describe('audit events in words', () => {
  it('says what happened, never a code', () => {
    const cases: [AuditEventFacts, string][] = [
      [event({ type: T.userAuthentication, subtype: AUDIT_EVENT_SUBTYPES.login }), 'Signed in'],
      [event({ type: T.userAuthentication, subtype: AUDIT_EVENT_SUBTYPES.login, outcome: 'Failure' }), 'Sign-in failed'],
      [event({ type: T.userAuthentication, subtype: AUDIT_EVENT_SUBTYPES.logout }), 'Signed out'],
      [event({ type: T.patientRecord, action: 'R', entity: note }), 'Read a note'],
      [event({ type: T.patientRecord, action: 'C', entity: { resourceType: 'EpisodeOfCare' } }), 'Created an episode of care'],
      [event({ type: T.patientRecord, action: 'U', entity: { resourceType: 'Patient', id: 'p' } }), 'Updated a patient record'],
      [event({ type: T.patientRecord, action: 'D', entity: note, outcome: 'Failure' }), 'Tried to delete a note'],
      [event({ type: T.query, entity: { resourceType: 'RelatedPerson', query: '[]' } }), 'Searched related people'],
      [event({ type: T.query, entity: { resourceType: 'Note', query: '[]' }, outcome: 'Failure' }), 'Tried to search notes'],
      [event({ type: T.auditLogUsed, action: 'R', entity: { resourceType: 'AuditEvent', id: 'a' } }), 'Opened an audit event'],
      [event({ type: T.auditLogUsed, entity: { resourceType: 'AuditEvent', query: '[]' } }), 'Searched the audit trail'],
      [event({ type: T.export, entity: { resourceType: 'AuditEvent', query: '[]' } }), 'Exported the audit trail'],
      [event({ type: T.export, entity: note }), 'Exported a note'],
      [event({ type: T.import }), 'Imported records'],
      [event({ type: T.securityAlert, action: 'R', outcome: 'Failure', entity: note }), 'Tried to read a note'],
      [event({ type: T.securityAlert, outcome: 'Failure' }), 'Access refused'],
      [event({ type: T.securityAlert, action: 'U', entity: { resourceType: 'Practitioner', id: 'x' } }), 'Changed security settings'],
      [event({ type: T.applicationActivity }), 'Application Activity'],
    ];
    for (const [facts, words] of cases) expect(auditEventSummary(facts), JSON.stringify(facts)).toBe(words);
  });

  it('names the event type with its subtype', () => {
    expect(auditEventTypeWords({ type: T.userAuthentication, subtype: AUDIT_EVENT_SUBTYPES.logout })).toBe('User Authentication: Logout');
    expect(auditEventTypeWords({ type: T.patientRecord })).toBe('Patient Record');
  });

  it('names types and records in words', () => {
    expect(resourceTypeWords('QuestionnaireResponse')).toBe('questionnaire response');
    expect(resourceTypeWords('CdaParsingTask')).toBe('CDA parsing task');
    expect(resourceTypeLabel('EpisodeOfCare')).toBe('Episode of care');
    const entity = (e: AuditEventBody['entity']) => auditEntityWords(e);
    expect(entity({ resourceType: 'Note', id: '0123456789abcdef' })).toBe('Note 01234567…');
    expect(entity({ resourceType: 'Note', id: 'short' })).toBe('Note short');
    expect(entity({ resourceType: 'EpisodeOfCare', query: '[]' })).toBe('Episode of care');
    expect(entity(undefined)).toBeUndefined();
  });
});
