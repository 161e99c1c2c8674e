import '@mantine/charts/styles.css';
import { strokeOn, type GoalProgress } from '@caseload/core';
import { LineChart } from '@mantine/charts';
import { Stack, Table, Text, VisuallyHidden, useComputedColorScheme } from '@mantine/core';
import { chartRows, PROGRESS_LABELS, PROGRESS_VALUES, progressColor, type ProgressPoint } from '../utils/goal-thread-view.ts';

export interface GoalProgressChartProps {
  /** The goal's text, naming the chart and its table. */
  goal: string;
  points: ProgressPoint[];
  series: string[];
}

/** Neutral lines, one per element: the status is told by each dot's goodToBad colour, not the line's. */
const LINE_COLORS = ['gray.7', 'blue.5', 'violet.5', 'cyan.6', 'indigo.4'];
const LABEL_OF_VALUE = new Map(Object.entries(PROGRESS_VALUES).map(([status, value]) => [value, PROGRESS_LABELS[status as GoalProgress]]));

interface DotProps {
  cx?: number;
  cy?: number;
  payload?: Record<string, string | number>;
  dataKey?: unknown;
  index?: number;
}

/**
 * A goal's progress over time (its own chunk, like the score trends: recharts loads only when a
 * chart is shown): one line for the goal and one per objective with progress, each dot coloured
 * by its status on the design system's goodToBad scale (achieved green, not achieved red), pale
 * colours darkened for the background (`strokeOn`). The same entries are in a table for screen readers.
 */
export default function GoalProgressChart({ goal, points, series }: GoalProgressChartProps) {
  const scheme = useComputedColorScheme('light');
  const dot = ({ cx, cy, payload, dataKey, index }: DotProps) => {
    const status = payload?.[`${String(dataKey)}#status`] as GoalProgress | undefined;
    if (cx === undefined || cy === undefined || !status) return <g key={`${String(dataKey)}-${index}`} />;
    return (
      <circle key={`${String(dataKey)}-${index}`} cx={cx} cy={cy} r={5} fill={strokeOn(progressColor(status), scheme)} stroke="none" />
    );
  };
  return (
    <Stack gap={4} data-testid="goal-progress-chart">
      <LineChart
        h={180}
        data={chartRows(points)}
        dataKey="date"
        series={series.map((name, i) => ({ name, color: LINE_COLORS[i % LINE_COLORS.length]! }))}
        yAxisProps={{ domain: [0, 3], ticks: [0, 1, 2, 3], width: 90 }}
        valueFormatter={(v) => LABEL_OF_VALUE.get(v) ?? String(v)}
        lineProps={{ dot, activeDot: false, isAnimationActive: false }}
        connectNulls
        curveType="stepAfter"
        withLegend={series.length > 1}
        legendProps={{ verticalAlign: 'bottom' }}
        aria-hidden
      />
      <VisuallyHidden>
        <Table aria-label={`Progress on ${goal}`}>
          <Table.Tbody>
            {points.map((p, i) => (
              <Table.Tr key={`${p.element}-${p.date}-${i}`} data-testid="progress-point">
                <Table.Td>{p.date}</Table.Td>
                <Table.Td>{p.series}</Table.Td>
                <Table.Td>{PROGRESS_LABELS[p.status]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
      {points.length === 1 && (
        <Text fz="xs" c="dimmed">
          One entry so far: the line starts with the next.
        </Text>
      )}
    </Stack>
  );
}
