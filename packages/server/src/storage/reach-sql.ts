import { portalAccess, type Action, type Reference, type ResourceTypeDefinition } from '@caseload/core';
import { ownerPath } from '../access/owned-records.ts';
import type { Population, Principal } from '../access/principal.ts';
import { currentTable } from './table-names.ts';

/**
 * The SQL form of a caller's reach (AccessPolicy.rowCondition, which decides and caches it): a
 * condition on the rows of one type, with `$1` the practice id of every storage statement and
 * `alias` qualifying the columns. Written here, with the rest of the SQL on resource tables; the
 * decisions it encodes (population, owners, the portal table) are access/'s and core's.
 */
export function reachCondition(
  principal: Principal,
  tokenPatients: readonly string[],
  type: ResourceTypeDefinition,
  params: unknown[],
  alias: string,
  action: Action,
): string {
  const kind = principal.kind;
  const subject = kind === 'patient' ? 'Patient' : kind === 'relatedPerson' ? 'RelatedPerson' : undefined;
  if (subject && principal.population.kind === 'patient') {
    return portalCondition(subject, type, principal.actor, principal.population.patientId, params, alias);
  }
  const own = ownerPath(type.name, action, principal.actor, principal.permissions);
  let ownCondition = 'TRUE';
  if (own) {
    // Personal records (tokens, notifications, preferences, signatures) are their owner's only.
    params.push(own);
    ownCondition = `${alias}body @? $${params.length}::jsonpath`;
  }
  const patients = patientCondition(principal.population, tokenPatients, type, params, alias);
  // Both apply: a notification addressed to me about a patient outside my reach stays hidden.
  if (ownCondition === 'TRUE') return patients;
  return patients === 'TRUE' ? ownCondition : `(${ownCondition} AND ${patients})`;
}

/** The population level (and security-token patients) as a condition on the patient column. */
function patientCondition(
  population: Population,
  tokenPatients: readonly string[],
  type: ResourceTypeDefinition,
  params: unknown[],
  alias: string,
): string {
  const column = type.name === 'Patient' ? `${alias}id` : type.partitioned ? `${alias}partition` : undefined;
  if (!column) return 'TRUE';
  const reach = populationCondition(population, column, params);
  if (tokenPatients.length === 0 || reach === 'TRUE') return reach;
  params.push(tokenPatients);
  return `(${reach} OR ${column} = ANY($${params.length}::text[]))`;
}

function populationCondition(population: Population, column: string, params: unknown[]): string {
  switch (population.kind) {
    case 'all':
      return 'TRUE';
    case 'patient':
      params.push(population.patientId);
      return `${column} = $${params.length}`;
    case 'careTeam': {
      params.push(`$.careTeam[*].member ? (@.resourceType == "Practitioner" && @.id == ${JSON.stringify(population.practitionerId)})`);
      return `${column} IN (SELECT ct.id FROM ${currentTable('Patient')} ct
        WHERE ct.practice_id = $1 AND NOT ct.is_deleted AND ct.body @? $${params.length}::jsonpath)`;
    }
    case 'program': {
      if (population.programIds.length === 0) return 'FALSE';
      const ids = population.programIds.map((id) => `@ == ${JSON.stringify(id)}`).join(' || ');
      params.push(`$.programs[*].program.id ? (${ids})`);
      return `${column} IN (SELECT eoc.partition FROM ${currentTable('EpisodeOfCare')} eoc
        WHERE eoc.practice_id = $1 AND NOT eoc.is_deleted AND eoc.body @? $${params.length}::jsonpath)`;
    }
  }
}

/** A document staff shared with the patient. */
const SHARED = '$.sharedWithPatient ? (@ == true)';

/**
 * The rows a portal login (a patient, or a related person) reaches of one type, as SQL: only
 * its own patient's partition and the few unpartitioned records the portal table names.
 * Anything the table does not list is FALSE.
 */
function portalCondition(
  subject: 'Patient' | 'RelatedPerson',
  type: ResourceTypeDefinition,
  actor: Reference,
  patientId: string,
  params: unknown[],
  alias: string,
): string {
  const access = portalAccess(subject, type.name);
  if (!access) return 'FALSE';
  const push = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  switch (access.reach) {
    case 'partition':
      return `${alias}partition = ${push(patientId)}`;
    case 'shared':
      return `(${alias}partition = ${push(patientId)} AND ${alias}body @? ${push(SHARED)}::jsonpath)`;
    case 'partition-except-unshared': {
      // A document's file stays the care team's until the document is shared, and again once the
      // document is deleted (docs/portal.md, "Documents").
      const patient = push(patientId);
      const withheld = `SELECT d.body #>> '{media,id}' FROM ${currentTable('DocumentReference')} d
        WHERE d.practice_id = $1 AND d.partition = ${patient}
        AND (d.is_deleted OR NOT d.body @? ${push(SHARED)}::jsonpath) AND d.body #>> '{media,id}' IS NOT NULL`;
      return `(${alias}partition = ${patient} AND ${alias}id NOT IN (${withheld}))`;
    }
    case 'patient-record':
      return `${alias}id = ${push(patientId)}`;
    case 'self':
      return `${alias}id = ${push(actor.id)}`;
    case 'owner': {
      const owner = push(`$.owner ? (@.resourceType == ${JSON.stringify(actor.resourceType)} && @.id == ${JSON.stringify(actor.id)})`);
      return `${alias}body @? ${owner}::jsonpath`;
    }
    case 'member': {
      const member = push(`$.member ? (@.resourceType == ${JSON.stringify(actor.resourceType)} && @.id == ${JSON.stringify(actor.id)})`);
      const channels = `SELECT cm.body #>> '{channel,id}' FROM ${currentTable('ChannelMembership')} cm
        WHERE cm.practice_id = $1 AND NOT cm.is_deleted AND cm.body @? ${member}::jsonpath`;
      return type.name === 'Channel' ? `${alias}id IN (${channels})` : `${alias}body #>> '{channel,id}' IN (${channels})`;
    }
    case 'assigned': {
      const patient = push(patientId);
      const packets = `SELECT pr.body #>> '{packet,id}' FROM ${currentTable('PacketResponse')} pr
        WHERE pr.practice_id = $1 AND pr.partition = ${patient} AND NOT pr.is_deleted`;
      if (type.name === 'Packet') return `${alias}id IN (${packets})`;
      const answered = `SELECT qr.body #>> '{questionnaire,id}' FROM ${currentTable('QuestionnaireResponse')} qr
        WHERE qr.practice_id = $1 AND qr.partition = ${patient} AND NOT qr.is_deleted`;
      const packetForms = `SELECT jsonb_path_query(p.body, '$.forms[*].form.id') #>> '{}' FROM ${currentTable('Packet')} p
        WHERE p.practice_id = $1 AND p.id IN (${packets})`;
      return `(${alias}id IN (${answered}) OR ${alias}id IN (${packetForms}))`;
    }
  }
}
