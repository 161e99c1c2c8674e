import { carePlanStructureIssues, type CarePlan, type Condition, type EpisodeOfCare } from '@caseload/core';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ReasonDialog } from '../../notes/index.ts';
import { issuesByElement } from '../utils/element-issues.ts';
import { addElement, newElementId } from '../utils/plan-tree.ts';
import { changedFieldNames, revisionChanges } from '../utils/revision-changes.ts';
import { saveHold } from '../utils/save-hold.ts';
import { AddGoalFromTemplate } from './AddGoalFromTemplate.tsx';
import { CarePlanHeaderFields } from './CarePlanHeaderFields.tsx';
import { ElementTree } from './ElementTree.tsx';

export interface RevisionEditorProps {
  plan: CarePlan;
  conditions: readonly Condition[];
  episodes: readonly EpisodeOfCare[];
  onCancel(): void;
  /** Sends the revision (reason and changed fields); a refusal (ApiError) shows in the reason dialog. */
  onRevise(reason: string, changes: Partial<CarePlan>): Promise<unknown>;
}

/**
 * Revising a signed plan: a working copy edited like a draft, kept on screen only (a revision is
 * one server call, never a queued write), then "Save revision" asks for the reason and sends the
 * fields changed. The signed version stays readable in the plan's history.
 */
export function RevisionEditor({ plan, conditions, episodes, onCancel, onRevise }: RevisionEditorProps) {
  const [working, setWorking] = useState(plan);
  const [asking, setAsking] = useState(false);
  const changes = useMemo(() => revisionChanges(plan, working), [plan, working]);
  const issues = useMemo(() => issuesByElement(carePlanStructureIssues(working), working.elements).byElement, [working]);
  const changed = Object.keys(changes);
  const update = (change: (p: CarePlan) => CarePlan) => setWorking(change);
  return (
    <Stack gap="md" data-testid="care-plan-revision">
      <Alert color="blue" variant="light" title="Revising a signed plan">
        Change what needs changing, then save the revision with a reason. The signed version stays readable.
      </Alert>
      <Card withBorder padding="md">
        <CarePlanHeaderFields plan={working} onChange={update} conditions={conditions} episodes={episodes} />
      </Card>
      <Card withBorder padding="md">
        <Title order={2} fz="md" mb="sm">
          Goals, objectives and interventions
        </Title>
        <ElementTree elements={working.elements} onChange={(c) => update((p) => ({ ...p, elements: c(p.elements) }))} issues={issues} />
        <Group mt="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              update((p) => ({ ...p, elements: addElement(p.elements, { id: newElementId('Goal', p.elements), kind: 'Goal', text: '' }) }))
            }
          >
            Add goal
          </Button>
          <AddGoalFromTemplate plan={working} onChange={update} />
        </Group>
      </Card>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {changed.length ? `Changed: ${changedFieldNames(changed)}` : 'Nothing changed yet'}
        </Text>
        <Group>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => setAsking(true)} disabled={changed.length === 0 || !!saveHold(working)}>
            Save revision…
          </Button>
        </Group>
      </Group>
      <ReasonDialog
        opened={asking}
        onClose={() => setAsking(false)}
        title="Revise this care plan"
        description={
          `The plan is signed: this revision (${changedFieldNames(changed)}) is kept with your reason and your signature, ` +
          'and the signed version stays readable.'
        }
        submitLabel="Save revision"
        onSubmit={async (reason) => {
          await onRevise(reason, changes as Partial<CarePlan>);
          onCancel();
        }}
      />
    </Stack>
  );
}
