import { PACKET_CHART_FIELDS, type PacketChartField, type PacketChartLink } from '@caseload/core';
import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { CHART_FIELD_LABELS } from '../../packets/index.ts';

export interface PacketChartFieldsProps {
  links: PacketChartLink[];
  questions: { value: string; label: string }[];
  issue: (index: number, field: 'field' | 'linkId') => string | undefined;
  title: string;
  readOnly?: boolean;
  onChange: (links: PacketChartLink[]) => void;
}

const FIELD_OPTIONS = PACKET_CHART_FIELDS.map((f) => ({ value: f, label: CHART_FIELD_LABELS[f] }));

/**
 * A part's questions whose answers propose a chart change, each offered to the reviewer field by
 * field (never written silently). Collapsed to one "Add a chart field" button while there are none.
 */
export function PacketChartFields({ links, questions, issue, title, readOnly, onChange }: PacketChartFieldsProps) {
  const set = (i: number, change: Partial<PacketChartLink>) => onChange(links.map((l, j) => (j === i ? { ...l, ...change } : l)));
  return (
    <Stack gap={4}>
      {links.length > 0 && (
        <Text fz="sm" fw={500}>
          Answers offered for the chart at review
        </Text>
      )}
      {links.map((link, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <Select
            aria-label={`Question ${i + 1} of ${title}`}
            placeholder="Question"
            data={questions}
            value={link.linkId || null}
            disabled={readOnly}
            error={issue(i, 'linkId')}
            onChange={(linkId) => set(i, { linkId: linkId ?? '' })}
            style={{ flex: 1 }}
          />
          <Select
            aria-label={`Chart field ${i + 1} of ${title}`}
            placeholder="Chart field"
            data={FIELD_OPTIONS}
            value={link.field || null}
            disabled={readOnly}
            error={issue(i, 'field')}
            onChange={(field) => set(i, { field: (field ?? '') as PacketChartField })}
            style={{ flex: 1 }}
          />
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={4}
              aria-label={`Remove chart field ${i + 1} of ${title}`}
              onClick={() => onChange(links.filter((_, j) => j !== i))}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange([...links, { linkId: '', field: '' as PacketChartField }])}
          >
            Add a chart field
          </Button>
        </Group>
      )}
    </Stack>
  );
}
