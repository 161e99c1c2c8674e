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

const period = (p: CarePlan['period']) => (p?.start || p?.end ? `${p.start ?? '…'} to ${p.end ?? 'open'}` : 'Not set');

/** A plan's header fields, read-only. */
export function PlanSummary({ plan }: { plan: CarePlan }) {
  const names = (refs: CarePlan['careTeam']) => (refs?.length ? refs.map((r) => r.display ?? r.id).join(', ') : 'None');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" data-testid="plan-summary">
      <Fact label="Status">{plan.status}</Fact>
      <Fact label="Period">{period(plan.period)}</Fact>
      <Fact label="Review date">{plan.reviewDate ?? 'Not set'}</Fact>
      <Fact label="Program">{plan.program?.display ?? (plan.program ? 'A program' : 'None')}</Fact>
      <Fact label="Episode of care">{plan.episodeOfCare?.display ?? (plan.episodeOfCare ? 'An episode' : 'None')}</Fact>
      <Fact label="Addresses">{names(plan.addresses)}</Fact>
      <Fact label="Care team">{names(plan.careTeam)}</Fact>
      <Fact label="Author">{plan.author ? <StaffName reference={plan.author} /> : 'Not recorded'}</Fact>
    </SimpleGrid>
  );
}
