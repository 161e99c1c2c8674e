import type { CarePlanElement, CarePlanElementKind } from '@caseload/core';
import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { elementLabels, treeRows } from '../utils/plan-tree.ts';

const KIND_COLOR: Record<CarePlanElementKind, string> = { Goal: 'blue', Objective: 'teal', Intervention: 'grape' };

/** A plan's goals, objectives and interventions, read-only, indented by level. */
export function PlanTreeView({ elements }: { elements: readonly CarePlanElement[] }) {
  const labels = elementLabels(elements);
  const rows = treeRows(elements);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This plan has no goals.
      </Text>
    );
  return (
    <Stack gap="xs" role="list" aria-label="Goals, objectives and interventions">
      {rows.map(({ element, depth }) => (
        <Box key={element.id} pl={depth * 28} role="listitem" data-testid="plan-element-view" data-element-id={element.id}>
          <Paper withBorder p="xs" radius="sm">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Badge color={KIND_COLOR[element.kind]} variant="light" style={{ flex: 'none' }}>
                {labels.get(element.id)}
              </Badge>
              <Stack gap={2}>
                <Text size="sm" fw={element.kind === 'Goal' ? 600 : undefined}>
                  {element.text || 'No text'}
                </Text>
                {(element.targetDate || element.measure || element.responsible?.length) && (
                  <Text size="xs" c="dimmed">
                    {[
                      element.targetDate && `Target ${element.targetDate}`,
                      element.measure && `Measure: ${element.measure}`,
                      element.responsible?.length &&
                        `Responsible: ${element.responsible.map((r) => r.display ?? 'a staff member').join(', ')}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                )}
              </Stack>
            </Group>
          </Paper>
        </Box>
      ))}
    </Stack>
  );
}
