import { getResourceTypeByCollection, type ComputedTable, type Resource, type ZonedClock } from '@caseload/core';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useCollection } from '../../../../data/index.ts';
import { usePracticeTime } from '../../../practice/index.ts';
import { useFormRuntime } from '../../hooks/useFormRuntime.ts';
import { useQuestion } from '../../hooks/useQuestion.ts';
import { answerText } from '../../utils/answer-text.ts';
import { serviceEventsSnapshot, tableReportSnapshot } from '../../utils/computed-tables.ts';
import type { QuestionProps } from './question-props.ts';

type Snapshot = ComputedTable<Record<string, unknown>>;

/** Reads the source rows once asked, and hands back the snapshot. */
function SnapshotLoader({ props, partition, onDone }: { props: QuestionProps; partition: string; onDone: (s: Snapshot) => void }) {
  const { item } = props;
  const source = item.type === 'ServiceEvents' ? 'Encounters' : (item.report?.source ?? 'Observations');
  const partitioned = getResourceTypeByCollection('practice', source)?.partitioned ?? true;
  const { items, loading } = useCollection<Resource>(source, partitioned ? { partition } : {});
  const clock = usePracticeTime();
  useEffect(() => {
    if (loading) return;
    const now = new Date();
    onDone(
      (item.type === 'ServiceEvents'
        ? serviceEventsSnapshot(items, now, clock)
        : tableReportSnapshot(item.report ?? { source, columns: [] }, items, now)) as Snapshot,
    );
  }, [items, loading, item, source, onDone, clock]);
  return null;
}

/** A stored snapshot, or undefined when the value is not one (a malformed answer shows as none). */
function asSnapshot(value: unknown): Snapshot | undefined {
  if (!value || typeof value !== 'object' || !Array.isArray((value as Snapshot).rows)) return undefined;
  const table = value as Snapshot;
  return { generatedAt: String(table.generatedAt), rows: table.rows.map((r) => (r && typeof r === 'object' ? r : {})) };
}

/** The columns a computed table shows: the report's, or the service columns. */
function columnsOf(props: QuestionProps): { key: string; label: string }[] {
  if (props.item.type === 'TableReport') return props.item.report?.columns ?? [];
  return [
    { key: 'date', label: 'Date' },
    { key: 'service', label: 'Service' },
    { key: 'practitioner', label: 'Practitioner' },
    { key: 'duration', label: 'Duration' },
    { key: 'status', label: 'Status' },
  ];
}

/** A cell's words (references by their display). */
const cellText = (v: unknown, clock: ZonedClock) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? answerText({ linkId: 'x', type: 'Patient' }, v, clock) : String(v);

/**
 * TableReport and ServiceEvents: a read-only table taken from the patient's chart when asked
 * ("Take from the chart"), saved as a snapshot with when it was taken, so the response shows what
 * was true when it was filled in.
 */
export function ComputedTableQuestion(props: QuestionProps) {
  const q = useQuestion(props.item, props.name, props.label);
  const { partition } = useFormRuntime();
  const [loading, setLoading] = useState(false);
  const table = asSnapshot(q.value);
  const columns = columnsOf(props);
  const clock = usePracticeTime();
  return (
    <div>
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={500} fz="sm">
            {q.inputProps.label}
          </Text>
          <Text fz="xs" c="dimmed">
            {table ? `Taken ${clock.formatDateTime(table.generatedAt)}` : 'Not taken from the chart yet.'}
          </Text>
        </div>
        {partition && (
          <Button size="xs" variant="default" leftSection={<IconRefresh size={16} />} loading={loading} onClick={() => setLoading(true)}>
            Take from the chart
          </Button>
        )}
      </Group>
      {loading && partition && (
        <SnapshotLoader
          props={props}
          partition={partition}
          onDone={(s) => {
            q.onChange(s);
            setLoading(false);
          }}
        />
      )}
      {table && (
        <Table.ScrollContainer minWidth={360}>
          <Table withTableBorder verticalSpacing={4} aria-label={q.inputProps.label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key}>{c.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text fz="sm" c="dimmed">
                      No rows.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {table.rows.map((row, i) => (
                <Table.Tr key={i}>
                  {columns.map((c) => (
                    <Table.Td key={c.key}>{cellText(row[c.key], clock)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {q.error && (
        <Text fz="xs" c="red" role="alert">
          {q.error}
        </Text>
      )}
    </div>
  );
}
