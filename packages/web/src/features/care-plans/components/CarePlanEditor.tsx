import type { CarePlan, Condition, EpisodeOfCare } from '@caseload/core';
import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { SignRefusal } from '../../notes/index.ts';
import { useCarePlanActions } from '../hooks/useCarePlanActions.ts';
import { useCarePlanAttestation } from '../hooks/useCarePlanAttestation.ts';
import { useCarePlanAutosave } from '../hooks/useCarePlanAutosave.ts';
import { addElement, newElementId } from '../utils/plan-tree.ts';
import { AddGoalFromTemplate } from './AddGoalFromTemplate.tsx';
import { CarePlanHeaderFields } from './CarePlanHeaderFields.tsx';
import { ElementTree } from './ElementTree.tsx';
import { PlanSaveState } from './PlanSaveState.tsx';
import { SignCarePlanDialog } from './SignCarePlanDialog.tsx';

export interface CarePlanEditorProps {
  plan: CarePlan;
  patientName: string;
  conditions: readonly Condition[];
  episodes: readonly EpisodeOfCare[];
  /** The signed-in profile may sign (a practitioner with the Sign notes flag). */
  maySign: boolean;
}

/**
 * An unsigned plan, edited in place and saved as it is typed (write queue, works offline): the
 * header fields, then the tree of goals, objectives and interventions. Sign opens the attestation.
 */
export function CarePlanEditor({ plan: stored, patientName, conditions, episodes, maySign }: CarePlanEditorProps) {
  const { plan, update, saveNow, unsaved, held, elementIssues, refusal } = useCarePlanAutosave(stored);
  const actions = useCarePlanActions(plan.id, plan.partition);
  const attestation = useCarePlanAttestation(plan);
  const [signing, setSigning] = useState(false);
  const sign = useSubmit(async () => {
    await saveNow();
    await actions.sign(attestation.hash);
    setSigning(false);
  });
  const addGoal = () =>
    update((p) => ({ ...p, elements: addElement(p.elements, { id: newElementId('Goal', p.elements), kind: 'Goal', text: '' }) }));
  return (
    <Stack gap="md" data-testid="care-plan-editor">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz="h2">
            {plan.title || 'Care plan'}
          </Title>
          <Text c="dimmed" size="sm">
            {patientName} · draft, not signed
          </Text>
        </div>
        <Group gap="sm">
          <PlanSaveState unsaved={unsaved} held={held} />
          {maySign && (
            <Button
              leftSection={<IconSignature size={18} />}
              onClick={() => setSigning(true)}
              disabled={!!held || plan.status !== 'Active' || plan.elements.length === 0}
              title={plan.status !== 'Active' ? 'Only an active care plan can be signed.' : undefined}
            >
              Sign
            </Button>
          )}
        </Group>
      </Group>
      {refusal && (
        <Alert color="red" variant="light" role="alert" title="The last change was not saved" data-testid="plan-refusal">
          {refusal.detail ?? 'The server refused it.'} Fix it below; it is saved again as you type.
          {refusal.issues.length > 1 && (
            <List size="sm" mt={4}>
              {refusal.issues.map((i) => (
                <List.Item key={`${i.path}${i.message}`}>{i.message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Card withBorder padding="md" component="section" aria-labelledby="plan-details">
        <Title order={2} fz="md" mb="sm" id="plan-details">
          Plan details
        </Title>
        <CarePlanHeaderFields plan={plan} onChange={update} conditions={conditions} episodes={episodes} />
      </Card>
      <Card withBorder padding="md" component="section" aria-labelledby="plan-elements">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="md" id="plan-elements">
            Goals, objectives and interventions
          </Title>
          <Text size="xs" c="dimmed">
            Alt+↑ / Alt+↓ moves the element you are in among its siblings
          </Text>
        </Group>
        {plan.elements.length === 0 ? (
          <Text size="sm" c="dimmed" mb="sm">
            No goals yet. Add the first goal of the plan; objectives and interventions go beneath it.
          </Text>
        ) : (
          <ElementTree
            elements={plan.elements}
            onChange={(change) => update((p) => ({ ...p, elements: change(p.elements) }))}
            issues={elementIssues}
          />
        )}
        <Group mt="sm">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addGoal}>
            Add goal
          </Button>
          <AddGoalFromTemplate plan={plan} onChange={update} />
        </Group>
      </Card>
      <SignCarePlanDialog
        opened={signing}
        onClose={() => setSigning(false)}
        plan={plan}
        patientName={patientName}
        attestation={attestation}
        onSign={() => void sign.run()}
        signing={sign.pending}
        error={<SignRefusal error={sign.error} title="The care plan was not signed" />}
      />
    </Stack>
  );
}
