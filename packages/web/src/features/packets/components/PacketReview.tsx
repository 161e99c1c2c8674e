import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ApiError } from '../../../api/index.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { QuestionnaireForm, useAnsweredQuestionnaire } from '../../forms/index.ts';
import { useCan, usePracticeTime } from '../../practice/index.ts';
import { PACKET_STATUS_LABELS, chartRecordOf, type PacketResponse, type QuestionnaireResponse } from '@caseload/core';
import { usePacketCalls } from '../hooks/usePacketCalls.ts';
import { usePacketReview } from '../hooks/usePacketReview.ts';
import { CHART_FIELD_LABELS, chartValueText } from '../utils/chart-field-labels.ts';

export interface PacketReviewProps {
  patientId: string;
  packetResponseId: string;
}

function ItemAnswers({ title, response }: { title: string; response: QuestionnaireResponse }) {
  const { questionnaire } = useAnsweredQuestionnaire(response.questionnaire);
  return (
    <Card withBorder padding="md" radius="md" data-testid="review-item">
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {questionnaire ? (
        <QuestionnaireForm questionnaire={questionnaire} response={response} mode="readonly" />
      ) : (
        <Text c="dimmed">Loading…</Text>
      )}
    </Card>
  );
}

const key = (item: string, linkId: string) => `${item}|${linkId}`;

/**
 * A submitted packet beside the chart (docs/portal.md, "Review"): each answer that would change
 * the patient's, the guardian's or the coverage's record, next to what the chart holds, accepted
 * one by one (nothing goes into the chart unticked), then the packet marked reviewed; below, every
 * part's answers as given. Scores (PHQ-9, GAD-7) are in the chart's trends already.
 */
export function PacketReview({ patientId, packetResponseId }: PacketReviewProps) {
  const review = usePacketReview(patientId, packetResponseId);
  const calls = usePacketCalls(patientId);
  const clock = usePracticeTime();
  const canReview = useCan('Update', 'PacketResponse');
  // A field is offered only where the reviewer may write its record.
  const patientWritable = useCan('Update', 'Patient');
  const guardianWritable = useCan('Update', 'RelatedPerson');
  const coverageUpdatable = useCan('Update', 'Coverage');
  const coverageCreatable = useCan('Create', 'Coverage');
  const writable = { Patient: patientWritable, RelatedPerson: guardianWritable, Coverage: coverageUpdatable && coverageCreatable };
  // What the reviewer ticked, kept by itself: the list of changes is recomputed whenever the data
  // layer refreshes the answers, and what is sent must be what was ticked, not what is listed then.
  const [chosen, setChosen] = useState<Map<string, { item: string; linkId: string }>>(new Map());
  const [error, setError] = useState<ApiError>();
  const [saving, setSaving] = useState(false);
  // The call's answer is shown at once, whenever the data layer's copy catches up.
  const [reviewed, setReviewed] = useState<PacketResponse>();
  const { packet } = review;
  const response = reviewed ?? review.response;
  useDocumentTitle(`Review ${response?.display ?? 'packet'} · Caseload`);

  if (!response || !packet) {
    if (review.loading) return <LoadingIndicator fullScreen={false} label="Loading the packet" />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This packet can't be shown">
        The requested data was not found.
      </Alert>
    );
  }
  const open = response.status === 'Submitted' && canReview;
  const toggle = (item: string, linkId: string) =>
    setChosen((s) => {
      const next = new Map(s);
      const k = key(item, linkId);
      if (next.has(k)) next.delete(k);
      else next.set(k, { item, linkId });
      return next;
    });
  const accept = async () => {
    setSaving(true);
    setError(undefined);
    try {
      const answer = await calls.review(response.id, { versionId: response.meta.versionId, accept: [...chosen.values()] });
      setReviewed(answer.packetResponse);
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setSaving(false);
    }
  };
  const accepted = new Set((response.accepted ?? []).map((a) => key(a.item, a.linkId)));

  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/patients/${patientId}?tab=forms`} fz="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {review.patient?.display ?? 'Chart'}
        </Group>
      </Anchor>
      <Group justify="space-between">
        <div>
          <Title order={1} fz={26}>
            {response.display ?? packet.name}
          </Title>
          <Text c="dimmed">
            Filled in by {response.recipient.display ?? response.recipient.resourceType}
            {response.submittedAt && `, sent ${clock.formatDateTime(response.submittedAt)}`}
          </Text>
        </div>
        <Badge size="lg" variant="light" color={response.status === 'Reviewed' ? 'intent-success' : 'intent-assist'}>
          {PACKET_STATUS_LABELS[response.status]}
        </Badge>
      </Group>
      <Card withBorder padding="md" radius="md">
        <Title order={2} fz="lg" mb="xs">
          Changes to the chart
        </Title>
        {review.changes.length === 0 ? (
          <Text c="dimmed">No answer in this packet changes the chart.</Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>In the chart</Table.Th>
                  <Table.Th>Answered</Table.Th>
                  <Table.Th>Accept</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {review.changes.map((c) => {
                  const k = key(c.item, c.linkId);
                  const label = CHART_FIELD_LABELS[c.field];
                  return (
                    <Table.Tr key={k} data-testid="review-change">
                      <Table.Td fw={600}>{label}</Table.Td>
                      <Table.Td>{chartValueText(c.current)}</Table.Td>
                      <Table.Td>{chartValueText(c.proposed)}</Table.Td>
                      <Table.Td>
                        {accepted.has(k) ? (
                          <Badge color="intent-success" variant="light">
                            Accepted
                          </Badge>
                        ) : c.same ? (
                          <Text fz="sm" c="dimmed">
                            Same
                          </Text>
                        ) : !writable[chartRecordOf(c.field)] ? (
                          <Text fz="sm" c="dimmed">
                            Not yours to change
                          </Text>
                        ) : (
                          <Checkbox
                            aria-label={`Accept ${label}`}
                            checked={chosen.has(k)}
                            disabled={!open}
                            onChange={() => toggle(c.item, c.linkId)}
                          />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Not saved" mt="sm">
            {error.issues[0]?.message ?? error.message}
          </Alert>
        )}
        {open ? (
          <Group justify="flex-end" mt="sm">
            <Button onClick={() => void accept()} loading={saving}>
              {chosen.size === 0 ? 'Mark reviewed' : `Accept ${chosen.size} and mark reviewed`}
            </Button>
          </Group>
        ) : (
          response.reviewedAt && (
            <Group gap={6} mt="sm">
              <IconCircleCheck size={18} aria-hidden />
              <Text fz="sm">
                Reviewed by {response.reviewedBy?.display ?? 'staff'} on {clock.formatDateTime(response.reviewedAt)}
              </Text>
            </Group>
          )
        )}
      </Card>
      <Title order={2} fz="lg">
        Answers
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {packet.forms.map((item) => {
          const r = review.responses.get(item.key);
          return r ? <ItemAnswers key={item.key} title={item.title} response={r} /> : null;
        })}
      </SimpleGrid>
    </Stack>
  );
}
