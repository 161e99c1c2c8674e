import type { CarePlan, NoteAttestation } from '@caseload/core';
import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AttestationDialog } from '../../notes/index.ts';
import { elementLabels, treeRows } from '../utils/plan-tree.ts';

export interface SignCarePlanDialogProps {
  opened: boolean;
  onClose(): void;
  plan: CarePlan;
  patientName: string;
  attestation: NoteAttestation;
  onSign(): void;
  signing: boolean;
  error?: ReactNode;
}

/** Signing's confirmation: the plan's goals as they will be frozen, then the attestation (the notes' AttestationDialog). */
export function SignCarePlanDialog({ opened, onClose, plan, patientName, attestation, onSign, signing, error }: SignCarePlanDialogProps) {
  const labels = elementLabels(plan.elements);
  const goals = treeRows(plan.elements).filter((r) => r.depth === 0);
  return (
    <AttestationDialog
      opened={opened}
      onClose={onClose}
      title="Sign this care plan"
      attestation={attestation}
      confirmLabel="Sign care plan"
      onConfirm={onSign}
      pending={signing}
      error={error}
    >
      <Text size="sm">Signing freezes the plan: later changes are revisions with a reason, and this version stays readable.</Text>
      <Stack gap={6} data-testid="sign-summary">
        <Title order={3} fz="sm">
          {plan.title ?? 'Care plan'} · {patientName}
        </Title>
        <List size="sm" spacing={2}>
          {goals.map((g) => (
            <List.Item key={g.element.id}>
              {labels.get(g.element.id)}: {g.element.text || 'no text'}
            </List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          {plan.elements.length} element{plan.elements.length === 1 ? '' : 's'} in all
        </Text>
      </Stack>
    </AttestationDialog>
  );
}
