import type { AuditEventBody } from '@caseload/core';
import type { AuditPeople } from '../hooks/useAuditPeople.ts';
import { PatientName, shortId } from './PatientName.tsx';

export interface AuditAgentProps {
  agent: AuditEventBody['agent'] | undefined;
  people: AuditPeople;
}

/**
 * Who acted, by name: the staff member (or the patient, on the portal) whose profile it was, else
 * the sign-in account (a failed sign-in has no profile), else "An unknown user".
 */
export function AuditAgent({ agent, people }: AuditAgentProps) {
  const who = agent?.who;
  if (who?.resourceType === 'Practitioner') return <>{people.staffName(who.id) ?? `Staff member ${shortId(who.id)}`}</>;
  if (who?.resourceType === 'Patient')
    return (
      <>
        <PatientName patientId={who.id} /> (patient portal)
      </>
    );
  if (who) return <>{`${who.resourceType === 'RelatedPerson' ? 'Related person' : who.resourceType} ${shortId(who.id)}`}</>;
  if (agent?.accountId) return <>{people.accountEmail(agent.accountId) ?? `Account ${shortId(agent.accountId)}`}</>;
  return <>An unknown user</>;
}
