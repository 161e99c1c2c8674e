import type { SortFieldName } from '../enums.ts';

/**
 * How a sort field reads its value from a resource body. `column` sort fields use a column the
 * server maintains for every type; `path` ones read the JSON body.
 */
export type SortFieldSource = { column: 'lastModified' } | { path: readonly string[]; lowercase?: boolean };

export interface ResourceTypeDefinition {
  /** The resource type name, as in `resourceType`. */
  name: string;
  /** The URL segment: `/api/v1/practices/{practiceId}/{collection}` or `/api/v1/{collection}`. */
  collection: string;
  /** Practice-scoped types live under a practice network; global ones under `/api/v1`. */
  scope: 'practice' | 'global';
  /** Patient-partitioned types carry the patient's id in `partition`. */
  partitioned: boolean;
  /**
   * Reference paths that `?expand=` accepts, dotted through arrays
   * (`participants.individual` expands the `individual` of every participant).
   */
  expandables: readonly string[];
  /** Sort fields `orderBy` accepts, beyond the LastModified and Created every type has. */
  sortFields: Partial<Record<SortFieldName, SortFieldSource>>;
  /** False for records that must never be deleted through the API. */
  deletable: boolean;
  /** False for records only the server writes (the audit trail): no API call may change them. */
  apiWritable: boolean;
  /**
   * Body fields (dotted paths) that hold at most one scalar: no array anywhere on the path, which
   * writes are refused for breaking (`scalarFieldIssues`). Because of that, `eq` and `in` on them
   * mean plain equality, which the server compiles to `body #> path = value` and serves from the
   * type's filter indexes. Every field of `filterIndexes`, each once.
   */
  indexedFilterFields?: readonly string[];
  /**
   * The indexes over indexed filter fields: each is `(practice_id, field 1, field 2, ...,
   * last_modified, id)` over the live rows, in its order (the most selective field first).
   */
  filterIndexes?: readonly (readonly string[])[];
  /**
   * Whether the body has a GIN index, which finds `eq` and `in` on any body field. Without one,
   * only the filter indexes and the sort indexes serve a query; other body tests are checked on
   * the rows a sort index walks. Off for the audit trail, written once for every read
   * (docs/performance.md, "The audit trail without a body index").
   */
  bodyIndexed: boolean;
  /**
   * Paths whose strings the `_text` filter searches (docs/query-grammar.md); none means the type
   * has no text search and `_text` on it is refused.
   */
  textSearchPaths?: readonly string[];
}

/** Sort fields every type has. */
export const COMMON_SORT_FIELDS: Partial<Record<SortFieldName, SortFieldSource>> = {
  LastModified: { column: 'lastModified' },
  Created: { path: ['created'] },
};

const name: SortFieldSource = { path: ['display'], lowercase: true };

interface Options {
  collection?: string;
  expandables?: readonly string[];
  sortFields?: Partial<Record<SortFieldName, SortFieldSource>>;
  deletable?: boolean;
  apiWritable?: boolean;
  filterIndexes?: readonly (readonly string[])[];
  bodyIndexed?: false;
  textSearchPaths?: readonly string[];
}

const practiceType = (type: string, o: Options = {}) => define(type, 'practice', false, o);
const patientType = (type: string, o: Options = {}) => define(type, 'practice', true, o);
const globalType = (type: string, o: Options = {}) => define(type, 'global', false, o);

function define(type: string, scope: 'practice' | 'global', partitioned: boolean, o: Options): ResourceTypeDefinition {
  return {
    name: type,
    collection: o.collection ?? `${type}s`,
    scope,
    partitioned,
    expandables: o.expandables ?? [],
    sortFields: { ...COMMON_SORT_FIELDS, ...o.sortFields },
    deletable: o.deletable ?? true,
    apiWritable: o.apiWritable ?? true,
    bodyIndexed: o.bodyIndexed ?? true,
    ...(o.filterIndexes ? { filterIndexes: o.filterIndexes, indexedFilterFields: [...new Set(o.filterIndexes.flat())] } : {}),
    ...(o.textSearchPaths ? { textSearchPaths: o.textSearchPaths } : {}),
  };
}

/**
 * Every resource type of SPEC.md section 3. Expandable paths are the spec's where it lists them;
 * where it says "paths not shown" they are the references each type holds (docs/resources.md).
 */
export const RESOURCE_TYPES: readonly ResourceTypeDefinition[] = [
  patientType('Allergy', { collection: 'Allergies', expandables: ['encounter', 'author'] }),
  // A calendar asks for clinicians' appointments in a window: `owner.id` has an index of its own
  // (so such a query is not walked as a body equality), a range on `start` bounds the
  // EncounterDate sort index, and the few series heads are found by `recurrence.frequency`
  // (docs/scheduling.md, "Indexes and paging").
  patientType('Appointment', {
    expandables: ['attendees.subject', 'owner', 'location', 'serviceLocation', 'schedule', 'program'],
    sortFields: { EncounterDate: { path: ['start'] } },
    filterIndexes: [['owner.id'], ['recurrence.frequency']],
  }),
  // Not in SPEC.md's list: the audit trail of the access-control issue, append-only. A row is
  // written for every read, so it keeps the three indexes its questions need (whose record, by
  // whom, about which resource; time is the LastModified sort) instead of a GIN index on the body.
  // The server writes every event's `created` as its last-modified instant, so Created sorts by
  // that column and needs no index of its own.
  practiceType('AuditEvent', {
    expandables: ['patient'],
    sortFields: { Created: { column: 'lastModified' } },
    deletable: false,
    apiWritable: false,
    filterIndexes: [['patient.id'], ['agent.who.id'], ['entity.id']],
    bodyIndexed: false,
  }),
  // Care plans (docs/care-plans.md): the plan view expands its diagnoses, team and signers.
  patientType('CarePlan', {
    expandables: ['author', 'program', 'episodeOfCare', 'patient', 'addresses', 'careTeam', 'elements.responsible', 'signatures.signer'],
  }),
  // Goals offered ready-made to the plans of a program (practice configuration).
  practiceType('CarePlanGoalTemplate', { expandables: ['program'], sortFields: { Name: { path: ['name'], lowercase: true } } }),
  patientType('CarePlanOutcome', { expandables: ['carePlan', 'encounter', 'author', 'instrument', 'response'] }),
  patientType('CarePlanSession', { expandables: ['carePlan', 'encounter', 'author'] }),
  practiceType('CdaParsingTask', { expandables: ['patient', 'document'] }),
  practiceType('Channel', { expandables: ['members.member', 'patient'], sortFields: { Subject: { path: ['subject'], lowercase: true } } }),
  practiceType('ChannelMembership', { expandables: ['channel', 'member'] }),
  patientType('ChatMessage', {
    expandables: ['channel', 'author', 'patient'],
    sortFields: { Subject: { path: ['subject'], lowercase: true } },
  }),
  patientType('ClinicalDocument', { expandables: ['author', 'encounter'] }),
  practiceType('Communication', {
    expandables: ['sender', 'recipients.user', 'patient'],
    sortFields: { Subject: { path: ['subject'], lowercase: true } },
  }),
  patientType('ComplianceAudit', { expandables: ['questionnaire', 'auditor', 'note', 'patient'] }),
  practiceType('ComplianceQuestionnaire', { expandables: ['program', 'serviceType'] }),
  patientType('Condition', { expandables: ['encounter', 'author'] }),
  patientType('Consent', { expandables: ['author', 'document'] }),
  practiceType('Contract', { expandables: ['program'] }),
  patientType('Coverage', { expandables: ['payor', 'subscriber'] }),
  patientType('Dialogue', { expandables: ['encounter', 'participants.individual', 'scribeSession', 'transcription'] }),
  practiceType('District', { sortFields: { Name: name } }),
  patientType('DocumentReference', { expandables: ['author', 'encounter'] }),
  practiceType('DocumentTransmission', { expandables: ['document', 'sender'] }),
  patientType('Encounter', {
    expandables: [
      'participants.individual',
      'serviceType',
      'location.location',
      'location.kind',
      'appointment',
      'episodeOfCare',
      'subject',
      'partOf',
      'carePlanActivities.carePlan',
      'dialogues',
      'program',
    ],
    sortFields: { EncounterDate: { path: ['period', 'start'] } },
  }),
  patientType('EpisodeOfCare', {
    collection: 'EpisodesOfCare',
    expandables: ['patient', 'diagnoses.condition', 'programs.program'],
  }),
  practiceType('Form', { sortFields: { Name: name } }),
  practiceType('GrantSet', { sortFields: { Name: name } }),
  practiceType('Group', { expandables: ['members.member'], sortFields: { Name: name } }),
  practiceType('GroupNoteDefinition', { expandables: ['noteDefinition', 'program', 'serviceType', 'attendees.patient'] }),
  practiceType('HealthcareService', { sortFields: { Name: name } }),
  practiceType('Itinerary', { collection: 'Itineraries', expandables: ['author', 'program'] }),
  practiceType('Listing', { sortFields: { Name: name } }),
  practiceType('Location', { expandables: ['organization'], sortFields: { Name: name } }),
  patientType('Media', { collection: 'Media', expandables: ['encounter', 'author'] }),
  patientType('Medication', { expandables: ['author'] }),
  patientType('Note', {
    expandables: [
      'encounter',
      'participants.individual',
      'definition',
      'subject',
      'partOf',
      'derivedFrom',
      'signatureConfiguration',
      'sections.form',
    ],
    sortFields: { EncounterDate: { path: ['encounterDate'] } },
    // An author's Final notes, newest first, across patients (docs/performance.md, "Indexed filter
    // fields").
    filterIndexes: [['author.id', 'status']],
  }),
  patientType('NoteAudit', {
    expandables: ['participants', 'patient', 'similarNotes.note', 'overlappingNotes.note', 'complianceAuditReviews.complianceAudit'],
  }),
  practiceType('NoteDefinition', { expandables: ['sections.form', 'programs', 'serviceTypes'], sortFields: { Name: name } }),
  practiceType('NoteRule', { sortFields: { Name: name } }),
  practiceType('NoteSectionForm', { expandables: ['form'] }),
  practiceType('NoteTemplate', { expandables: ['definition', 'author'], sortFields: { Name: name } }),
  patientType('Notification', { expandables: ['recipient', 'subject'] }),
  patientType('ObservableRoutines', { collection: 'ObservableRoutines', expandables: ['author'] }),
  patientType('Observation', { expandables: ['encounter', 'performer'] }),
  practiceType('Organization', { sortFields: { Name: name } }),
  practiceType('Packet', { expandables: ['forms.form'], sortFields: { Name: name } }),
  patientType('PacketResponse', { expandables: ['packet', 'responses.response', 'subject', 'recipient', 'consents'] }),
  practiceType('Patient', {
    expandables: ['careTeam.member'],
    sortFields: {
      Name: name,
      BirthDate: { path: ['birthDate'] },
      Mrn: { path: ['mrn'] },
    },
    // The patient list's search as you type: any name, MRN, identifier or birth date.
    textSearchPaths: ['names.given', 'names.family', 'mrn', 'identifiers.value', 'birthDate', 'display'],
  }),
  practiceType('PersonalPreferences', { collection: 'PersonalPreferences', expandables: ['owner'] }),
  practiceType('PersonalSignature', { expandables: ['owner'] }),
  practiceType('PracticePreferences', { collection: 'PracticePreferences', deletable: false }),
  practiceType('Practitioner', {
    expandables: ['supervisors.subject', 'avatar', 'photo', 'signature', 'groupMemberships.listing', 'employments.department'],
    sortFields: {
      Name: name,
      WorkEmail: { path: ['workEmail'], lowercase: true },
      Email: { path: ['email'], lowercase: true },
    },
  }),
  practiceType('Program', { expandables: ['organization', 'district'], sortFields: { Name: name } }),
  practiceType('Questionnaire', { sortFields: { Name: name } }),
  patientType('QuestionnaireResponse', { expandables: ['questionnaire', 'author', 'subject', 'encounter'] }),
  patientType('RelatedPerson', {
    collection: 'RelatedPeople',
    expandables: ['patient'],
    sortFields: { Name: name, Email: { path: ['email'], lowercase: true } },
  }),
  practiceType('ReportCriteria', { collection: 'ReportCriteria', expandables: ['author'] }),
  practiceType('ReportDelivery', {
    collection: 'ReportDeliveries',
    expandables: ['author', 'recipients.user'],
    sortFields: { Subject: { path: ['subject'], lowercase: true } },
  }),
  practiceType('Schedule', { expandables: ['actor', 'location'] }),
  patientType('Scribble', { expandables: ['author', 'encounter'] }),
  practiceType('Script', { sortFields: { Name: name } }),
  practiceType('SecurityRole', { expandables: ['grants'], sortFields: { Name: name } }),
  practiceType('SecurityToken', { expandables: ['owner', 'patientAllowances'] }),
  practiceType('SharedScribble', { expandables: ['author', 'sharedWith'] }),
  practiceType('SignatureConfiguration', { expandables: ['serviceTypeExclusions'], sortFields: { Name: name } }),
  practiceType('Snippet', { expandables: ['author', 'template'], sortFields: { Name: name } }),
  practiceType('SpeechRule', { expandables: ['author', 'template'] }),
  practiceType('TextExpansion', { expandables: ['author', 'template'] }),
  patientType('Transcription', { expandables: ['encounter', 'media', 'author'] }),

  globalType('KeyVault', { deletable: false }),
  globalType('Announcement'),
  globalType('Notation'),
  globalType('SnippetTemplate', { sortFields: { Name: name } }),
  globalType('SpeechRuleTemplate'),
  globalType('TextExpansionTemplate'),
];

/**
 * The practice id of what belongs to no practice: the global collections (`/api/v1/{collection}`)
 * and audit events outside any practice (a password reset for an account with none). Stored in
 * `practice_id` like any other id, so every table keeps its one key shape.
 */
export const GLOBAL_PRACTICE = '';

/** The practice id rows of `type` are stored under for a request in `practiceId`. */
export function storedPracticeOf(type: Pick<ResourceTypeDefinition, 'scope'>, practiceId: string): string {
  return type.scope === 'global' ? GLOBAL_PRACTICE : practiceId;
}

const byName = new Map(RESOURCE_TYPES.map((t) => [t.name, t]));
const byCollection = new Map(RESOURCE_TYPES.map((t) => [`${t.scope}:${t.collection}`, t]));

export function getResourceType(name: string): ResourceTypeDefinition | undefined {
  return byName.get(name);
}

/** The type served at a collection segment within a scope, if any. */
export function getResourceTypeByCollection(scope: 'practice' | 'global', collection: string): ResourceTypeDefinition | undefined {
  return byCollection.get(`${scope}:${collection}`);
}
