import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCE_DOCS_PATH, renderResourceDocs } from '../../../../scripts/resource-docs.ts';
import { RESOURCE_TYPES, getResourceType, getResourceTypeByCollection } from './registry.ts';

// SPEC.md section 3, copied here so a registry edit that drops a type fails loudly.
const PRACTICE_TYPES = (
  'Allergy, Appointment, CarePlan, CarePlanGoalTemplate, CarePlanOutcome, CarePlanSession, CdaParsingTask, Channel, ChannelMembership, ' +
  'ChatMessage, ClinicalDocument, Communication, ComplianceAudit, ComplianceQuestionnaire, Condition, Consent, ' +
  'Contract, Coverage, Dialogue, District, DocumentReference, DocumentTransmission, Encounter, EpisodeOfCare, ' +
  'Form, GrantSet, Group, GroupNoteDefinition, HealthcareService, Itinerary, Listing, Location, Media, ' +
  'Medication, Note, NoteAudit, NoteDefinition, NoteRule, NoteSectionForm, NoteTemplate, Notification, ' +
  'ObservableRoutines, Observation, Organization, Packet, PacketResponse, Patient, PersonalPreferences, ' +
  'PersonalSignature, PracticePreferences, Practitioner, Program, Questionnaire, QuestionnaireResponse, ' +
  'RelatedPerson, ReportCriteria, ReportDelivery, Schedule, Scribble, Script, SecurityRole, SecurityToken, ' +
  'SharedScribble, SignatureConfiguration, Snippet, SpeechRule, TextExpansion, Transcription'
).split(', ');
const GLOBAL_TYPES = ['KeyVault', 'Announcement', 'Notation', 'SnippetTemplate', 'SpeechRuleTemplate', 'TextExpansionTemplate'];
const PARTITIONED = (
  'Allergy, Appointment, CarePlan, CarePlanOutcome, CarePlanSession, ChatMessage, ClinicalDocument, ' +
  'ComplianceAudit, Condition, Consent, Coverage, Dialogue, DocumentReference, Encounter, EpisodeOfCare, Media, ' +
  'Medication, Note, NoteAudit, Notification, ObservableRoutines, Observation, PacketResponse, ' +
  'QuestionnaireResponse, RelatedPerson, Scribble, Transcription'
).split(', ');

describe('resource registry', () => {
  it('has every practice and global type of the spec, with the right scope', () => {
    for (const name of PRACTICE_TYPES) expect(getResourceType(name)?.scope, name).toBe('practice');
    for (const name of GLOBAL_TYPES) expect(getResourceType(name)?.scope, name).toBe('global');
    // Plus AuditEvent, the server-written audit trail.
    expect(RESOURCE_TYPES.map((t) => t.name).sort()).toEqual([...PRACTICE_TYPES, ...GLOBAL_TYPES, 'AuditEvent'].sort());
    expect(getResourceType('AuditEvent')?.apiWritable).toBe(false);
  });

  it('partitions exactly the patient-scoped types', () => {
    const partitioned = RESOURCE_TYPES.filter((t) => t.partitioned)
      .map((t) => t.name)
      .sort();
    expect(partitioned).toEqual([...PARTITIONED].sort());
  });

  it('resolves collections, including the irregular ones', () => {
    expect(getResourceTypeByCollection('practice', 'RelatedPeople')?.name).toBe('RelatedPerson');
    expect(getResourceTypeByCollection('practice', 'ReportDeliveries')?.name).toBe('ReportDelivery');
    expect(getResourceTypeByCollection('practice', 'EpisodesOfCare')?.name).toBe('EpisodeOfCare');
    expect(getResourceTypeByCollection('global', 'KeyVaults')?.name).toBe('KeyVault');
    expect(getResourceTypeByCollection('global', 'Patients')).toBeUndefined();
    const collections = RESOURCE_TYPES.map((t) => `${t.scope}:${t.collection}`);
    expect(new Set(collections).size).toBe(collections.length);
  });

  it('lists the spec expandables', () => {
    expect(getResourceType('Note')?.expandables).toEqual(expect.arrayContaining(['encounter', 'participants.individual', 'sections.form']));
    expect(getResourceType('Patient')?.expandables).toEqual(['careTeam.member']);
    expect(getResourceType('SecurityRole')?.expandables).toEqual(['grants']);
  });

  it('gives every type LastModified and Created sorts', () => {
    for (const t of RESOURCE_TYPES) expect(Object.keys(t.sortFields)).toEqual(expect.arrayContaining(['LastModified', 'Created']));
  });

  it('docs/resources.md is current (regenerate with npx tsx scripts/resource-docs.ts)', () => {
    expect(fs.readFileSync(RESOURCE_DOCS_PATH, 'utf8')).toBe(renderResourceDocs());
  });
});
