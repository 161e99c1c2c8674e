import { questionCount, type Questionnaire } from '@caseload/core';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconForms, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCollection } from '../../../data/index.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useCan } from '../../practice/index.ts';
import { STATUS_COLORS } from '../utils/status-colors.ts';

/** "10 questions": the questions it asks at any depth, not its top-level groups. */
const questionsText = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

/** A definition's row: its kind decides the builder's collection. */
function Row({ q }: { q: Questionnaire }) {
  return (
    <Table.Tr data-testid="form-row">
      <Table.Td>
        <Anchor component={Link} to={`/forms/builder/${q.id}?kind=${q.resourceType}`}>
          {q.title || q.display || 'Untitled'}
        </Anchor>
        {q.builtIn && (
          <Badge ml="xs" variant="outline" size="sm">
            Built-in
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{q.resourceType === 'Form' ? 'Form' : 'Questionnaire'}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[q.status] ?? 'gray'} variant="light" data-testid="form-status">
          {q.status}
        </Badge>
        {q.status === 'Draft' && q.publishedVersionId && (
          <Text fz="xs" c="dimmed">
            A published version is in use
          </Text>
        )}
      </Table.Td>
      <Table.Td>{q.version ?? 1}</Table.Td>
      <Table.Td>{questionsText(questionCount(q.items))}</Table.Td>
    </Table.Tr>
  );
}

/**
 * `/forms`: every questionnaire and form of the practice with its publishing status (Draft,
 * Active, Retired), newest title first, and the way into the builder.
 */
export function FormsList() {
  const questionnaires = useCollection<Questionnaire>('Questionnaires');
  const forms = useCollection<Questionnaire>('Forms');
  const all = [...questionnaires.items, ...forms.items]
    .filter((q) => !q.meta?.isDeleted)
    .sort((a, b) => (a.title ?? '').localeCompare(b.title ?? ''));
  const loading = (questionnaires.loading || forms.loading) && all.length === 0;
  const error = questionnaires.error ?? forms.error;
  const canCreateForm = useCan('Create', 'Form');
  const canCreateQuestionnaire = useCan('Create', 'Questionnaire');
  const actions = (
    <Group>
      {canCreateForm && (
        <Button component={Link} to="/forms/builder?kind=Form" leftSection={<IconPlus size={16} />}>
          New form
        </Button>
      )}
      {canCreateQuestionnaire && (
        <Button component={Link} to="/forms/builder?kind=Questionnaire" variant="default" leftSection={<IconPlus size={16} />}>
          New questionnaire
        </Button>
      )}
    </Group>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Forms & questionnaires</Title>
        {actions}
      </Group>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The forms could not be read">
          {error.message}
        </Alert>
      )}
      {loading ? (
        <LoadingIndicator fullScreen={false} label="Loading the forms" />
      ) : all.length === 0 && !error ? (
        <EmptyState
          icon={IconForms}
          title="No forms yet"
          description="Build a form or questionnaire; publish it to have it filled in."
          action={actions}
        />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label="Forms and questionnaires">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Length</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {all.map((q) => (
                <Row key={`${q.resourceType}/${q.id}`} q={q} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
