import '@mantine/charts/styles.css';
import { bandColor, strokeOn, type ScoringDefinition } from '@caseload/core';
import { LineChart } from '@mantine/charts';
import { Stack, Table, Text, VisuallyHidden, useComputedColorScheme } from '@mantine/core';
import type { TrendPoint } from '../../utils/assessment-trend.ts';

export interface ScoreTrendChartProps {
  title: string;
  scoring: ScoringDefinition;
  points: TrendPoint[];
}

/**
 * A patient's totals of one assessment over time (its own chunk: @mantine/charts and recharts
 * load only when a trend is shown). The line takes the goodToBad colour of the latest band, and
 * each band's lower bound is a reference line in its band's colour, labelled in the text colour;
 * colours too pale for the background (goodToBad's middle yellow on white) are drawn darker
 * (`strokeOn`). The same figures are in a table for screen readers.
 */
export default function ScoreTrendChart({ title, scoring, points }: ScoreTrendChartProps) {
  const latest = points[points.length - 1];
  const scheme = useComputedColorScheme('light');
  const stroke = (color: string | undefined) => (color ? strokeOn(color, scheme) : 'gray');
  return (
    <Stack gap={4} data-testid={`trend-${title}`}>
      <Text fw={600} fz="sm">
        {title} trend
      </Text>
      <LineChart
        h={200}
        data={points.map((p) => ({ date: p.date, Score: p.score }))}
        dataKey="date"
        series={[{ name: 'Score', color: stroke(latest?.color) }]}
        yAxisProps={{ domain: [0, scoring.maxScore] }}
        // Labels in the text colour: a band's own colour ("Moderate" in yellow) can be unreadable on the background.
        referenceLines={scoring.bands.slice(1).map((b) => ({
          y: b.min,
          label: { value: b.label, fill: 'var(--mantine-color-text)' },
          color: stroke(bandColor(scoring, b.code)),
        }))}
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
