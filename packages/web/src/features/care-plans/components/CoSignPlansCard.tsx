import type { CarePlan } from '@caseload/core';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePagedQuery } from '../../../data/index.ts';
import { QueueCard } from '../../notes-queues/components/QueueCard.tsx';
import { profileReference, useCan, useCurrentPractice, useLabel } from '../../practice/index.ts';
import { usePatientNames } from '../../care-plan-thread/hooks/usePatientNames.ts';
import { carePlanPath } from '../utils/plan-paths.ts';

const rowStyle = { borderTop: '1px solid var(--mantine-color-default-border)' };

/**
 * "Care plans awaiting my co-signature": supervisees' signed plans whose co-signature the
 * signed-in supervisor may give (the server's `pendingSignatures.signers.id` query, the same the
 * note queue uses), each opening the plan, where Co-sign asks for the attestation.
 */
export function CoSignPlansCard() {
  const reads = useCan('Read', 'CarePlan');
  const me = profileReference(useCurrentPractice().current);
  const query = usePagedQuery<CarePlan>(
    'CarePlans',
    reads && me
      ? { filters: [{ field: 'pendingSignatures.signers.id', op: 'eq', value: me.id }], crossPartition: true, pageSize: 100 }
      : undefined,
  );
  const patient = useLabel('patient', 'singular');
  const names = usePatientNames(query.items.map((p) => p.partition));
  if (!reads) return null;
  return (
    <QueueCard
      title="Care plans awaiting my co-signature"
      icon={IconSignature}
      count={query.loading ? undefined : query.items.length}
      loading={query.loading}
      error={query.error}
      onRetry={() => void query.refresh()}
      more={query.hasMore}
      empty={{ title: 'No plan to co-sign', description: 'Care plans your supervisees sign that need your co-signature show here.' }}
    >
      <Stack gap={0} component="ul" aria-label="Care plans awaiting my co-signature" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {query.items.map((plan) => (
          <Group key={plan.id} component="li" justify="space-between" wrap="nowrap" py="xs" style={rowStyle}>
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={carePlanPath(plan.partition, plan.id)} fw={500}>
                {plan.patient.display ?? names.get(plan.partition) ?? patient} · {plan.title ?? 'Care plan'}
              </Anchor>
              <Text fz="sm" c="dimmed">
                {plan.pendingSignatures?.find((p) => p.role === 'CoSigner')?.reason}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </QueueCard>
  );
}
