import { portalAccess, type Reference, type ResourceTypeDefinition } from '@caseload/core';
import { currentTable } from '../storage/table-names.ts';

/**
 * The rows a portal login (a patient, or a related person) reaches of one type, as SQL: only
 * its own patient's partition and the few unpartitioned records the portal table names.
 * Anything the table does not list is FALSE.
 */
export function portalCondition(
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
    case 'patient-record':
      return `${alias}id = ${push(patientId)}`;
    case 'self':
      return `${alias}id = ${push(actor.id)}`;
    case 'owner':
      return `${alias}body @? ${push(`$.owner ? (@.resourceType == ${JSON.stringify(actor.resourceType)} && @.id == ${JSON.stringify(actor.id)})`)}::jsonpath`;
    case 'member': {
      const member = push(`$.member ? (@.resourceType == ${JSON.stringify(actor.resourceType)} && @.id == ${JSON.stringify(actor.id)})`);
      const channels = `SELECT cm.body #>> '{channel,id}' FROM ${currentTable('ChannelMembership')} cm
        WHERE cm.practice_id = $1 AND NOT cm.is_deleted AND cm.body @? ${member}::jsonpath`;
      return type.name === 'Channel'
        ? `${alias}id IN (${channels})`
        : `${alias}body #>> '{channel,id}' IN (${channels})`;
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
