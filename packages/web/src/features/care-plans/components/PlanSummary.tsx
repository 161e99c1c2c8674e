import type { CarePlan } from '@caseload/core';
import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { StaffName } from '../../notes/index.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function period(p: CarePlan['period']): string {
  if (p?.start && p.end) return `${p.start} to ${p.end}`;
  if (p?.start) return `From ${p.start}`;
  return p?.end ? `Until ${p.end}` : 'Not set';
}

/** People named by reference: practitioners by their name as read, others by the name stored. */
function People({ refs }: { refs: CarePlan['careTeam'] }) {
  if (!refs?.length) return <>None</>;
  return (
    <>
      {refs.map((r, i) => (
        <span key={`${r.resourceType}/${r.id}`}>
          {i > 0 && ', '}
          {r.resourceType === 'Practitioner' ? <StaffName reference={r} /> : (r.display ?? 'a related person')}
        </span>
      ))}
    </>
  );
}

/** A plan's header fields, read-only. */
export function PlanSummary({ plan }: { plan: CarePlan }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" data-testid="plan-summary">
      <Fact label="Status">{plan.status}</Fact>
      <Fact label="Period">{period(plan.period)}</Fact>
      <Fact label="Review date">{plan.reviewDate ?? 'Not set'}</Fact>
      <Fact label="Program">{plan.program?.display ?? (plan.program ? 'A program' : 'None')}</Fact>
      <Fact label="Episode of care">{plan.episodeOfCare?.display ?? (plan.episodeOfCare ? 'An episode' : 'None')}</Fact>
      <Fact label="Addresses">{plan.addresses?.length ? plan.addresses.map((a) => a.display ?? 'a diagnosis').join(', ') : 'None'}</Fact>
      <Fact label="Care team">
        <People refs={plan.careTeam} />
      </Fact>
      <Fact label="Author">{plan.author ? <StaffName reference={plan.author} /> : 'Not recorded'}</Fact>
    </SimpleGrid>
  );
}
