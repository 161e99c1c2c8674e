import { isCarePlanSigned, owedCarePlanCoSignature, type CarePlan, type Condition, type EpisodeOfCare } from '@caseload/core';
import { Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../../ui/Modal.tsx';
import { IconEdit, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import { useCarePlanActions } from '../hooks/useCarePlanActions.ts';
import { usePlanPatientSignature } from '../hooks/usePlanPatientSignature.ts';
import { PlanCoSign } from './PlanCoSign.tsx';
import { PlanPatientSignature } from './PlanPatientSignature.tsx';
import { PlanSignatures } from './PlanSignatures.tsx';
import { PlanSummary } from './PlanSummary.tsx';
import { PlanTreeView } from './PlanTreeView.tsx';
import { RevisionEditor } from './RevisionEditor.tsx';

export interface CarePlanViewProps {
  plan: CarePlan;
  patientName: string;
  timeZone: string;
  conditions: readonly Condition[];
  episodes: readonly EpisodeOfCare[];
  /** The signed-in profile may revise (a practitioner allowed to update plans, with the Sign notes flag). */
  mayRevise: boolean;
  /** The signed-in profile may update plans: it may take the patient's signature on this device. */
  mayUpdate: boolean;
}

/**
 * A plan read-only: its header, the tree, its signatures and revisions (each revised version
 * readable), with Revise (a working copy, then a reason) and the PDF printout.
 */
export function CarePlanView({ plan, patientName, timeZone, conditions, episodes, mayRevise, mayUpdate }: CarePlanViewProps) {
  const actions = useCarePlanActions(plan.id, plan.partition);
  const patientSignature = usePlanPatientSignature(plan, { resourceType: 'Patient', id: plan.partition, display: patientName }, actions);
  const layer = useDataLayer();
  const [revising, setRevising] = useState(false);
  const [previous, setPrevious] = useState<CarePlan>();
  const signed = isCarePlanSigned(plan);
  const viewVersion = async (versionId: string) => setPrevious(await layer.readVersion<CarePlan>('CarePlans', plan.id, versionId));
  if (revising)
    return (
      <RevisionEditor
        plan={plan}
        conditions={conditions}
        episodes={episodes}
        onCancel={() => setRevising(false)}
        onRevise={actions.revise}
      />
    );
  return (
    <Stack gap="md" data-testid="care-plan-view">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Title order={1} fz="h2">
              {plan.title || 'Care plan'}
            </Title>
            <Badge variant="light" color={!signed ? 'gray' : owedCarePlanCoSignature(plan) ? 'yellow' : 'green'}>
              {!signed
                ? 'Not signed'
                : owedCarePlanCoSignature(plan)
                  ? 'Signed, awaiting co-signature'
                  : (plan.revisions ?? []).length
                    ? 'Signed, revised'
                    : 'Signed'}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {patientName}
          </Text>
        </div>
        <Group gap="sm">
          <Button
            component="a"
            href={actions.printoutHref}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconPrinter size={18} />}
          >
            Print / PDF
          </Button>
          {signed && mayRevise && (
            <Button leftSection={<IconEdit size={18} />} onClick={() => setRevising(true)}>
              Revise
            </Button>
          )}
        </Group>
      </Group>
      {signed && <PlanCoSign plan={plan} patientName={patientName} coSign={actions.coSign} />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <PlanSummary plan={plan} />
            </Card>
            <Card withBorder padding="md" component="section" aria-labelledby="plan-tree-title">
              <Title order={2} fz="md" mb="sm" id="plan-tree-title">
                Goals, objectives and interventions
              </Title>
              <PlanTreeView elements={plan.elements} />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <PlanSignatures plan={plan} timeZone={timeZone} onViewVersion={(v) => void viewVersion(v)} />
            </Card>
            {signed && (
              <PlanPatientSignature state={patientSignature} patientName={patientName} timeZone={timeZone} mayCapture={mayUpdate} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal opened={!!previous} onClose={() => setPrevious(undefined)} title="The version before the revision" size="xl" closeOnEscape>
        {previous && (
          <Stack gap="md" data-testid="previous-version">
            <PlanSummary plan={previous} />
            <PlanTreeView elements={previous.elements} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
