import { GAD7_ID, PHQ9_ID, type Questionnaire, type QuestionnaireResponse } from '@caseload/core';
import { Alert, Anchor, Badge, Button, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconClipboardList, IconPlayerPlay } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCollection } from '../../../../data/index.ts';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { intentColor } from '../../../../ui/intents.ts';
import { responsePath, useStartResponse } from '../../hooks/useStartResponse.ts';
import { trendPoints } from '../../utils/assessment-trend.ts';

const ScoreTrendChart = lazy(() => import('./ScoreTrendChart.tsx'));

export interface PatientFormsProps {
  patientId: string;
  patientDisplay?: string;
}

/** Questionnaires that can be answered now: Active, or a Draft whose published version is still live. */
const answerable = (q: Questionnaire) => !q.meta?.isDeleted && (q.status === 'Active' || (q.status === 'Draft' && Boolean(q.publishedVersionId)));

/**
 * A patient's forms and scored assessments (a tab of the chart): start a PHQ-9, a GAD-7 or any
 * published form, the responses so far with their scores and bands, and a score trend per
 * assessment.
 */
export function PatientForms({ patientId, patientDisplay }: PatientFormsProps) {
  const responses = useCollection<QuestionnaireResponse>('QuestionnaireResponses', { partition: patientId });
  const questionnaires = useCollection<Questionnaire>('Questionnaires');
  const forms = useCollection<Questionnaire>('Forms');
  const start = useStartResponse({ resourceType: 'Patient', id: patientId, display: patientDisplay });
  const [other, setOther] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const definitions = useMemo(() => [...questionnaires.items, ...forms.items].filter(answerable), [questionnaires.items, forms.items]);
  const byId = new Map(definitions.map((q) => [q.id, q]));
  const scored = definitions.filter((q) => q.scoring);
  const list = responses.items.filter((r) => !r.meta?.isDeleted).sort((a, b) => ((a.authored ?? '') < (b.authored ?? '') ? 1 : -1));

  const begin = async (q: Questionnaire | undefined) => {
    if (!q) return;
    setStarting(true);
    try {
      await start(q);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        {[PHQ9_ID, GAD7_ID].map((id) => byId.get(id)).filter(Boolean).map((q) => (
          <Button key={q!.id} leftSection={<IconPlayerPlay size={16} />} onClick={() => void begin(q)} loading={starting}>
            Start {q!.title}
          </Button>
        ))}
        <Select
          label="Start another form"
          placeholder="Choose a published form"
          data={definitions.map((q) => ({ value: `${q.resourceType}/${q.id}`, label: q.title }))}
          value={other}
          onChange={setOther}
          searchable
          w={280}
        />
        <Button variant="default" disabled={!other} loading={starting} onClick={() => void begin(definitions.find((q) => `${q.resourceType}/${q.id}` === other))}>
          Start
        </Button>
      </Group>
      {responses.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The responses could not be read">
          {responses.error.message}
        </Alert>
      )}
      {responses.loading && list.length === 0 ? (
        <LoadingIndicator fullScreen={false} label="Loading the responses" />
      ) : list.length === 0 ? (
        <EmptyState icon={IconClipboardList} title="No forms or assessments yet" description="Start a PHQ-9, a GAD-7 or a published form above." headingOrder={3} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {scored.map((q) => {
              const points = trendPoints(list, q.id, q.scoring!);
              if (points.length === 0) return null;
              return (
                <Suspense key={q.id} fallback={<LoadingIndicator fullScreen={false} label="Loading the chart" />}>
                  <ScoreTrendChart title={q.title} scoring={q.scoring!} points={points} />
                </Suspense>
              );
            })}
          </SimpleGrid>
          <Title order={3} fz="md">Responses</Title>
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Responses" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Form</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Answered</Table.Th>
                  <Table.Th>Score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((r) => (
                  <Table.Tr key={r.id} data-testid="response-row">
                    <Table.Td>
                      <Anchor component={Link} to={responsePath(patientId, r.id)}>{r.questionnaire?.display ?? r.display ?? 'Form'}</Anchor>
                    </Table.Td>
                    <Table.Td>{r.completion === 'Complete' ? 'Complete' : 'In progress'}</Table.Td>
                    <Table.Td>{r.authored ? new Date(r.authored).toLocaleString() : <Text c="dimmed" fz="sm">Not yet</Text>}</Table.Td>
                    <Table.Td>
                      {r.score ? (
                        <Group gap={6}>
                          <Text fz="sm">{r.score.total}</Text>
                          {r.score.band && <Badge size="sm" color={intentColor(r.score.band.intent)}>{r.score.band.label}</Badge>}
                        </Group>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
