import '@mantine/charts/styles.css';
import { bandColor, type ScoringDefinition } from '@caseload/core';
import { LineChart } from '@mantine/charts';
import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TrendPoint } from '../../utils/assessment-trend.ts';

export interface ScoreTrendChartProps {
  title: string;
  scoring: ScoringDefinition;
  points: TrendPoint[];
}

/**
 * A patient's totals of one assessment over time (its own chunk: @mantine/charts and recharts
 * load only when a trend is shown). The line takes the goodToBad colour of the latest band, and
 * each band's lower bound is a reference line in its band's colour; the same figures are in a
 * table for screen readers.
 */
export default function ScoreTrendChart({ title, scoring, points }: ScoreTrendChartProps) {
  const latest = points[points.length - 1];
  return (
    <Stack gap={4} data-testid={`trend-${title}`}>
      <Text fw={600} fz="sm">{title} trend</Text>
      <LineChart
        h={200}
        data={points.map((p) => ({ date: p.date, Score: p.score }))}
        dataKey="date"
        series={[{ name: 'Score', color: latest?.color ?? 'gray' }]}
        yAxisProps={{ domain: [0, scoring.maxScore] }}
        referenceLines={scoring.bands.slice(1).map((b) => ({ y: b.min, label: b.label, color: bandColor(scoring, b.code) }))}
        curveType="linear"
        aria-hidden
      />
      <VisuallyHidden>
        <Table aria-label={`${title} scores`}>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.responseId}>
                <Table.Td>{p.date}</Table.Td>
                <Table.Td>{p.score}</Table.Td>
                <Table.Td>{p.band}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
