import { getResourceType } from '../resources/registry.ts';
import { AUDIT_EVENT_SUBTYPES, AUDIT_EVENT_TYPES, type AuditAction, type AuditEventBody } from './audit-codes.ts';

/**
 * Audit events in words, for the audit-trail screen and its CSV export alike (docs/audit-trail.md):
 * a privacy officer reads "Tried to read a note", never `110110 R Failure`.
 */

/** Each action as the trail names it, and the verb its sentences use. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, { name: string; past: string; verb: string }> = {
  C: { name: 'Create', past: 'Created', verb: 'create' },
  R: { name: 'Read', past: 'Read', verb: 'read' },
  U: { name: 'Update', past: 'Updated', verb: 'update' },
  D: { name: 'Delete', past: 'Deleted', verb: 'delete' },
  E: { name: 'Execute', past: 'Ran', verb: 'run' },
};

export type AuditEventFacts = Pick<AuditEventBody, 'type' | 'subtype' | 'action' | 'outcome' | 'entity'>;

/** `EpisodeOfCare` → `episode of care`; `CdaParsingTask` → `CDA parsing task`. */
export function resourceTypeWords(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => (word === 'Cda' ? 'CDA' : word.toLowerCase()))
    .join(' ');
}

/** `EpisodeOfCare` → `Episode of care`: a type on its own, as a label. */
export function resourceTypeLabel(name: string): string {
  return capitalise(resourceTypeWords(name));
}

/** `a note`, `an episode of care`. */
function withArticle(words: string): string {
  return `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;
}

/** A type's collection in words (`Notes` → `notes`, `RelatedPeople` → `related people`). */
function collectionWords(typeName: string): string {
  return resourceTypeWords(getResourceType(typeName)?.collection ?? `${typeName}s`);
}

/** The DICOM event type in words: `Patient Record`, `User Authentication: Login`. */
export function auditEventTypeWords(event: Pick<AuditEventBody, 'type' | 'subtype'>): string {
  return event.subtype ? `${event.type.display}: ${event.subtype.display}` : event.type.display;
}

/** `read a note`, `create the patient record`: what was done to the event's record, as a verb phrase. */
function recordPhrase(verb: string, entityType: string | undefined): string {
  if (!entityType) return verb;
  if (entityType === 'Patient') return `${verb} a patient record`;
  return `${verb} ${withArticle(resourceTypeWords(entityType))}`;
}

/**
 * What happened, as a short sentence without its subject: `Signed in`, `Read a note`,
 * `Searched patients`, `Exported the audit trail`, `Tried to update a note` (outcome Failure).
 * `description`, when there is one, says more; the screen shows it beside this.
 */
export function auditEventSummary(event: AuditEventFacts): string {
  const failed = event.outcome === 'Failure';
  const words = AUDIT_ACTION_WORDS[event.action] ?? AUDIT_ACTION_WORDS.E;
  const entityType = event.entity?.resourceType;
  const tried = (verbPhrase: string) => `Tried to ${verbPhrase}`;
  switch (event.type.code) {
    case AUDIT_EVENT_TYPES.userAuthentication.code:
      if (event.subtype?.code === AUDIT_EVENT_SUBTYPES.logout.code) return 'Signed out';
      return failed ? 'Sign-in failed' : 'Signed in';
    case AUDIT_EVENT_TYPES.patientRecord.code: {
      const phrase = recordPhrase(words.verb, entityType);
      return failed ? tried(phrase) : capitalise(recordPhrase(words.past.toLowerCase(), entityType));
    }
    case AUDIT_EVENT_TYPES.query.code: {
      const what = entityType ? collectionWords(entityType) : 'records';
      return failed ? tried(`search ${what}`) : `Searched ${what}`;
    }
    case AUDIT_EVENT_TYPES.auditLogUsed.code: {
      const phrase = event.action === 'R' ? 'open an audit event' : 'search the audit trail';
      if (failed) return tried(phrase);
      return event.action === 'R' ? 'Opened an audit event' : 'Searched the audit trail';
    }
    case AUDIT_EVENT_TYPES.export.code: {
      const what = entityType === 'AuditEvent' ? 'the audit trail' : entityType ? withArticle(resourceTypeWords(entityType)) : 'records';
      return failed ? tried(`export ${what}`) : `Exported ${what}`;
    }
    case AUDIT_EVENT_TYPES.import.code:
      return failed ? tried('import records') : 'Imported records';
    case AUDIT_EVENT_TYPES.securityAlert.code:
      if (failed) return entityType ? tried(recordPhrase(words.verb, entityType)) : 'Access refused';
      return 'Changed security settings';
    default:
      return failed ? `${event.type.display} (failed)` : event.type.display;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The record an event is about, in words: `Note 3f2a…`; undefined when it names none. */
export function auditEntityWords(entity: AuditEventBody['entity'], idLength = 8): string | undefined {
  if (!entity) return undefined;
  const type = resourceTypeLabel(entity.resourceType);
  if (!entity.id) return type;
  const id = entity.id.length > idLength ? `${entity.id.slice(0, idLength)}…` : entity.id;
  return `${type} ${id}`;
}
