import { GAD7_ID, PHQ9_ID, type QuestionnaireResponse } from '@caseload/core';
import { Alert, Anchor, Badge, Button, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconClipboardList, IconPlayerPlay, IconSend } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { intentColor } from '../../../../ui/intents.ts';
import { usePatientForms } from '../../hooks/usePatientForms.ts';
import { responsePath } from '../../hooks/useStartResponse.ts';
import { usePracticeTime } from '../../../practice/index.ts';
import { trendPoints } from '../../utils/assessment-trend.ts';

const ScoreTrendChart = lazy(() => import('./ScoreTrendChart.tsx'));

export interface PatientFormsProps {
  patientId: string;
  patientDisplay?: string;
  /** The page of a note, for responses a signed note recorded (they open the note, where they were answered). */
  notePath?: (patientId: string, noteId: string) => string;
}

const COMPLETION: Record<string, string> = { Complete: 'Complete', InProgress: 'In progress', NotStarted: 'Not started' };

/** A response the patient (or a related person) was asked to answer in the portal: its author is them. */
const isPortalResponse = (r: QuestionnaireResponse) => r.author?.resourceType === 'Patient' || r.author?.resourceType === 'RelatedPerson';

/**
 * A patient's forms and scored assessments (a tab of the chart): start a PHQ-9, a GAD-7 or any
 * published form, or ask the patient to fill one in in their portal (for those who may answer
 * one), the responses so far with their scores and bands, and a score trend per assessment.
 * Responses a signed note recorded (docs/forms.md, "Assessments in notes") are listed and charted
 * like the others, marked as from a note and opening it.
 */
export function PatientForms({ patientId, patientDisplay, notePath }: PatientFormsProps) {
  const { responses, list, definitions, byId, scored, canStart, other, setOther, starting, begin, chosen, ask } = usePatientForms(
    patientId,
    patientDisplay,
  );
  const clock = usePracticeTime();

  return (
    <Stack gap="md">
      {canStart && (
        <Group gap="sm" align="flex-end">
          {[PHQ9_ID, GAD7_ID]
            .map((id) => byId.get(id))
            .filter(Boolean)
            .map((q) => (
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
          <Button variant="default" disabled={!other} loading={starting} onClick={() => void begin(chosen())}>
            Start
          </Button>
          <Button
            variant="default"
            disabled={!other}
            loading={starting}
            leftSection={<IconSend size={16} />}
            onClick={() => void ask(chosen())}
          >
            Ask the patient
          </Button>
        </Group>
      )}
      {responses.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The responses could not be read">
          {responses.error.message}
        </Alert>
      )}
      {responses.loading && list.length === 0 ? (
        <LoadingIndicator fullScreen={false} label="Loading the responses" />
      ) : list.length === 0 ? (
        <EmptyState
          icon={IconClipboardList}
          title="No forms or assessments yet"
          description={
            canStart
              ? 'Start a PHQ-9, a GAD-7 or a published form above.'
              : 'Forms and assessments answered for this patient will be listed here.'
          }
          headingOrder={3}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {scored.map((q) => {
              const points = trendPoints(list, q.id, q.scoring!, clock);
              if (points.length === 0) return null;
              return (
                <Suspense key={q.id} fallback={<LoadingIndicator fullScreen={false} label="Loading the chart" />}>
                  <ScoreTrendChart title={q.title} scoring={q.scoring!} points={points} />
                </Suspense>
              );
            })}
          </SimpleGrid>
          <Title order={3} fz="md">
            Responses
          </Title>
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
                      <Group gap={6} wrap="nowrap">
                        <Anchor
                          component={Link}
                          to={r.derivedFrom && notePath ? notePath(patientId, r.derivedFrom.note.id) : responsePath(patientId, r.id)}
                        >
                          {r.questionnaire?.display ?? r.display ?? 'Form'}
                        </Anchor>
                        {r.derivedFrom && (
                          <Badge size="sm" variant="light" color="gray" title={r.derivedFrom.note.display}>
                            In a note
                          </Badge>
                        )}
                        {isPortalResponse(r) && (
                          <Badge size="sm" variant="light" color="gray" title="Asked of the patient in their portal">
                            Portal
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{COMPLETION[r.completion] ?? 'In progress'}</Table.Td>
                    <Table.Td>
                      {r.authored && r.completion !== 'NotStarted' ? (
                        clock.formatDateTime(r.authored)
                      ) : (
                        <Text c="dimmed" fz="sm">
                          Not yet
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {/* A form asked of the patient and not started has no score yet, whatever the server computed of no answers. */}
                      {r.score && r.completion !== 'NotStarted' ? (
                        <Group gap={6}>
                          <Text fz="sm">{r.score.total}</Text>
                          {r.score.band && (
                            <Badge size="sm" color={intentColor(r.score.band.intent)}>
                              {r.score.band.label}
                            </Badge>
                          )}
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
