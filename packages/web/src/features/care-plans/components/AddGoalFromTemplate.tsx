import type { CarePlan, CarePlanGoalTemplate } from '@caseload/core';
import { Button, Menu } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useCollection } from '../../../data/index.ts';
import { addGoalFromTemplate, templatesForPlan } from '../utils/goal-templates.ts';

export interface AddGoalFromTemplateProps {
  plan: Pick<CarePlan, 'program'>;
  onChange(change: (plan: CarePlan) => CarePlan): void;
}

/** "Add goal from template": the practice's goal templates for the plan's program; nothing when there are none. */
export function AddGoalFromTemplate({ plan, onChange }: AddGoalFromTemplateProps) {
  const templates = templatesForPlan(useCollection<CarePlanGoalTemplate>('CarePlanGoalTemplates').items, plan);
  if (templates.length === 0) return null;
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="subtle" leftSection={<IconTemplate size={16} />}>
          Add goal from template
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {templates.map((t) => (
          <Menu.Item key={t.id} onClick={() => onChange((p) => ({ ...p, elements: addGoalFromTemplate(p.elements, t) }))}>
            {t.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
