import { AUDIT_ACTION_WORDS, auditEventSummary, auditEventTypeWords, can, resourceTypeLabel } from '@caseload/core';
import { Anchor, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { describeUserAgent } from '../../session/index.ts';
import { useCurrentPermissions } from '../../shell/index.ts';
import type { AuditEventRecord } from '../api/audit-trail.api.ts';
import type { AuditPeople } from '../hooks/useAuditPeople.ts';
import type { AuditTrailFilters } from '../utils/audit-filters.ts';
import { recordedText } from '../utils/audit-time.ts';
import { AuditAgent } from './AuditAgent.tsx';
import { CopyableId, Fact, FilterButton } from './AuditFacts.tsx';
import { OutcomeBadge } from './OutcomeBadge.tsx';
import { PatientName } from './PatientName.tsx';

export interface AuditEventDetailProps {
  event: AuditEventRecord;
  people: AuditPeople;
  timeZone: string;
  /** Narrows the trail to this event's user, account or patient. */
  onFilter: (filters: AuditTrailFilters) => void;
}

/** A search's filters as the query grammar's JSON, indented; as stored when it is not JSON. */
function prettyQuery(query: string): string {
  try {
    return JSON.stringify(JSON.parse(query), null, 2);
  } catch {
    return query;
  }
}

/**
 * Everything one event records, in words: what, when (practice time and UTC), who (profile and
 * account), whose record, which record, from where, and the ids that join it to logs; with ways to
 * narrow the trail to its user or patient.
 */
export function AuditEventDetail({ event, people, timeZone, onFilter }: AuditEventDetailProps) {
  const permissions = useCurrentPermissions();
  const mayRead = (type: string) => !!permissions && can(permissions, 'Read', type);
  const who = event.agent?.who;
  const accountId = event.agent?.accountId;
  const patientId = event.patient?.id;
  const entity = event.entity;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3} fz="lg">
          {auditEventSummary(event)}
        </Title>
        <OutcomeBadge outcome={event.outcome} />
      </Group>
      {event.description && <Text>{event.description}</Text>}
      <Stack component="dl" gap="sm" m={0}>
        <Fact label="When">
          {recordedText(event.recorded, timeZone)}
          <Text span display="block" fz="xs" c="dimmed">
            {event.recorded} (UTC)
          </Text>
        </Fact>
        <Fact label="Event type">
          {auditEventTypeWords(event)} · {AUDIT_ACTION_WORDS[event.action]?.name ?? event.action}
        </Fact>
        <Fact label="User">
          <AuditAgent agent={event.agent} people={people} />
          {who?.resourceType === 'Practitioner' && (
            <Group gap="xs" mt={2}>
              {mayRead('Practitioner') && (
                <Anchor component={Link} to={`/staff/${encodeURIComponent(who.id)}`} fz="xs">
                  Open profile
                </Anchor>
              )}
              <FilterButton onClick={() => onFilter({ practitionerId: who.id })}>Only this user</FilterButton>
            </Group>
          )}
        </Fact>
        {accountId && (
          <Fact label="Sign-in account">
            {people.accountEmail(accountId) ?? <Code>{accountId}</Code>}
            <Group gap="xs" mt={2}>
              <FilterButton onClick={() => onFilter({ accountId })}>Only this account</FilterButton>
            </Group>
          </Fact>
        )}
        {patientId && (
          <Fact label="Patient">
            <PatientName patientId={patientId} withMrn />
            <Group gap="xs" mt={2}>
              {mayRead('Patient') && (
                <Anchor component={Link} to={`/patients/${encodeURIComponent(patientId)}`} fz="xs">
                  Open chart
                </Anchor>
              )}
              <FilterButton onClick={() => onFilter({ patientId })}>Only this patient</FilterButton>
            </Group>
          </Fact>
        )}
        {entity?.id && (
          <Fact label="Record">
            {resourceTypeLabel(entity.resourceType)}
            <CopyableId value={entity.id} label="record id" />
            {entity.versionId && (
              <Text span display="block" fz="xs" c="dimmed">
                Version {entity.versionId}
              </Text>
            )}
          </Fact>
        )}
        {entity?.query !== undefined && (
          <Fact label={`Search of ${resourceTypeLabel(entity.resourceType).toLowerCase()} records`}>
            <Code block>{prettyQuery(entity.query)}</Code>
          </Fact>
        )}
        {event.agent?.address && <Fact label="From address">{event.agent.address}</Fact>}
        {event.agent?.userAgent && (
          <Fact label="Device">
            {describeUserAgent(event.agent.userAgent)}
            <Text span display="block" fz="xs" c="dimmed">
              {event.agent.userAgent}
            </Text>
          </Fact>
        )}
        {event.requestId && (
          <Fact label="Request id">
            <CopyableId value={event.requestId} label="request id" />
          </Fact>
        )}
        <Fact label="Event id">
          <CopyableId value={event.id} label="event id" />
        </Fact>
      </Stack>
    </Stack>
  );
}
