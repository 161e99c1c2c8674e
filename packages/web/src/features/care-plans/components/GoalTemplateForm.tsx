import type { CarePlanGoalTemplate, Program } from '@caseload/core';
import { Button, Group, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useCollection, useUpsert } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { linesOf } from '../utils/goal-templates.ts';
import { refTo } from '../utils/plan-refs.ts';

export interface GoalTemplateFormProps {
  /** The template edited; none: a new one. */
  template?: CarePlanGoalTemplate;
  onDone(): void;
}

/** A goal template's fields: name, program, the goal and its measure, objectives and interventions one per line. */
export function GoalTemplateForm({ template, onDone }: GoalTemplateFormProps) {
  const programs = useCollection<Program>('Programs').items;
  const upsert = useUpsert<CarePlanGoalTemplate>('CarePlanGoalTemplates');
  const [name, setName] = useState(template?.name ?? '');
  const [programId, setProgramId] = useState<string | null>(template?.program?.id ?? null);
  const [goal, setGoal] = useState(template?.goal ?? '');
  const [measure, setMeasure] = useState(template?.measure ?? '');
  const [objectives, setObjectives] = useState((template?.objectives ?? []).join('\n'));
  const [interventions, setInterventions] = useState((template?.interventions ?? []).join('\n'));
  const [active, setActive] = useState(template?.active !== false);
  const save = useSubmit(async () => {
    if (!name.trim() || !goal.trim()) throw new Error('Give the template a name and its goal.');
    const program = programs.find((p) => p.id === programId);
    const body = {
      ...(template ?? {}),
      resourceType: 'CarePlanGoalTemplate' as const,
      name: name.trim(),
      goal: goal.trim(),
      active,
      objectives: linesOf(objectives),
      interventions: linesOf(interventions),
    } as CarePlanGoalTemplate;
    if (program) body.program = refTo('Program', program.id, program.name);
    else delete body.program;
    if (measure.trim()) body.measure = measure.trim();
    else delete body.measure;
    await upsert(body);
    onDone();
  });
  return (
    <form
      aria-label={template ? `Edit ${template.name}` : 'New goal template'}
      onSubmit={(e) => {
        e.preventDefault();
        void save.run();
      }}
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label="Name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
          <Select
            label="Program"
            placeholder="Every program"
            clearable
            data={programs.map((p) => ({ value: p.id, label: p.name }))}
            value={programId}
            onChange={setProgramId}
          />
        </Group>
        <Textarea label="Goal" withAsterisk autosize minRows={1} value={goal} onChange={(e) => setGoal(e.currentTarget.value)} />
        <TextInput label="Measure" placeholder="PHQ-9 below 10" value={measure} onChange={(e) => setMeasure(e.currentTarget.value)} />
        <Textarea
          label="Objectives"
          description="One per line"
          autosize
          minRows={2}
          value={objectives}
          onChange={(e) => setObjectives(e.currentTarget.value)}
        />
        <Textarea
          label="Interventions"
          description="One per line"
          autosize
          minRows={2}
          value={interventions}
          onChange={(e) => setInterventions(e.currentTarget.value)}
        />
        <Switch label="Offered in the editor" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        <FormErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.pending}>
            Save template
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
