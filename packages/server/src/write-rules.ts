import { RESOURCE_SCHEMAS, RESOURCE_TYPES } from '@caseload/core';
import { keepOwnProfileGoverned } from './access/own-profile.ts';
import { keepRecipient, setOwner } from './access/owned-records.ts';
import { assignedPacketsOnly } from './access/portal-assignments.ts';
import { delegableRoleOnly } from './access/security-role.ts';
import { securityTokenRules } from './access/security-token.ts';
import {
  carePlanActivityRules,
  carePlanGoalTemplateRules,
  carePlanOutcomeRules,
  carePlanRules,
  carePlanSessionRules,
  noteOutcomesInChart,
} from './care-plans/care-plan.hooks.ts';
import { documentRules } from './documents/document.hooks.ts';
import { encounterRules, noteRules } from './notes/note.hooks.ts';
import { NOTE_CONFIGURATION_TYPES, noteSchemaOf } from './notes/note-validation.hook.ts';
import { mergedIntoKept, refuseMergedPartition } from './patients/merged-partition.hook.ts';
import { MRN_UNIQUE_INDEX, keepMrn, mrnTaken } from './patients/patient-mrn.hook.ts';
import { packetResponseRules, packetRules, portalMediaOnce, responseInPacket } from './packets/packet.hooks.ts';
import { NAMED_SETUP_TYPES, PEOPLE_TYPES, setDisplay } from './people/resource-display.hook.ts';
import { validateWith } from './people/resource-validation.hook.ts';
import { responseRules } from './questionnaires/questionnaire-response.hooks.ts';
import { publishingRules } from './questionnaires/questionnaire.hooks.ts';
import { dialogueRules, recordingRules, transcriptionRules } from './scribe/scribe.rules.ts';
import { speechRuleRules } from './scribe/speech-rules.ts';
import { appointmentLinkKept, appointmentRules, itineraryRules, scheduleRules } from './scheduling/scheduling.rules.ts';
import { rulesByType, type BeforeWrite, type RuleRow, type WriteRules } from './storage/resource-hooks.ts';

/** One row per type, for the rules made for each type by name. */
const each = (types: readonly string[], ruleFor: (typeName: string) => BeforeWrite): RuleRow<BeforeWrite>[] =>
  types.map((typeName) => [[typeName], ruleFor(typeName)]);

const PEOPLE_AND_SETUP_TYPES = Object.keys(RESOURCE_SCHEMAS);

/**
 * The rules every write of a type runs before its version is stored, top to bottom: a type's
 * rules run in the order of the rows that name it. Where order matters it is said here:
 * - the owner of a personal signature is set before the notes schema checks it;
 * - people and set-up records are checked against their schema, then given their display, then
 *   (patients) their MRN, so the display and MRN are made from well-formed fields;
 * - a note's `derivedFrom` outcomes and an encounter's care-plan activities are checked after
 *   their schema (noteRules, encounterRules), against the outcomes and plans as stored;
 * - a document's author and sharing are set before its schema checks them;
 * - a response's packet rules run after its own, which pin the questionnaire version a new
 *   signature records; a packet response's server-owned fields are restored before anything else;
 * - `mergedInto` is checked last on a patient, on the version the other rules left.
 * After them all, the repository checks every type's date-time fields (storage/resource-hooks.ts).
 */
const BEFORE_WRITE: RuleRow<BeforeWrite>[] = [
  [['Practitioner'], keepOwnProfileGoverned],
  [['PacketResponse'], assignedPacketsOnly],
  [['PacketResponse'], packetResponseRules],
  [['Packet'], packetRules],
  [['Media'], portalMediaOnce],
  [['SecurityRole'], delegableRoleOnly],
  [['PersonalPreferences', 'PersonalSignature'], setOwner],
  [['Notification'], keepRecipient],
  [['SecurityToken'], securityTokenRules],
  [['DocumentReference'], documentRules],
  ...each(PEOPLE_AND_SETUP_TYPES, validateWith),
  ...each([...PEOPLE_TYPES, ...NAMED_SETUP_TYPES], setDisplay),
  [['Patient'], keepMrn],
  [['Questionnaire', 'Form'], publishingRules],
  [['QuestionnaireResponse'], responseRules],
  [['QuestionnaireResponse'], responseInPacket],
  ...each(NOTE_CONFIGURATION_TYPES, noteSchemaOf),
  [['Note'], noteRules],
  [['Note'], noteOutcomesInChart],
  [['Encounter'], encounterRules],
  [['Encounter'], carePlanActivityRules],
  [['CarePlan'], carePlanRules],
  [['CarePlanSession'], carePlanSessionRules],
  [['CarePlanOutcome'], carePlanOutcomeRules],
  [['CarePlanGoalTemplate'], carePlanGoalTemplateRules],
  [['Encounter'], appointmentLinkKept],
  [['Appointment'], appointmentRules],
  [['Schedule'], scheduleRules],
  [['Itinerary'], itineraryRules],
  [['Transcription'], transcriptionRules],
  [['Dialogue'], dialogueRules],
  [['Media'], recordingRules],
  [['SpeechRule', 'SpeechRuleTemplate'], speechRuleRules],
  [['Patient'], mergedIntoKept],
];

/** Nothing is written into a merged patient's chart: every chart record's write statement checks it. */
const PARTITIONED_TYPES = RESOURCE_TYPES.filter((t) => t.scope === 'practice' && t.partitioned).map((t) => t.name);

/**
 * The server's write rules (docs/architecture.md, "Storage"): the one table every repository is
 * given (`RepositoryContext.rules`), by the request scope, the system repository and the demo.
 */
export const WRITE_RULES: WriteRules = {
  beforeWrite: rulesByType(BEFORE_WRITE),
  guards: rulesByType([[PARTITIONED_TYPES, refuseMergedPartition]]),
  uniqueViolations: new Map([[MRN_UNIQUE_INDEX, mrnTaken]]),
};
