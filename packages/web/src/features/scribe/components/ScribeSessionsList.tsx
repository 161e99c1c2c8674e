import { patientDisplay, type Note, type Patient } from '@caseload/core';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMicrophone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useResource } from '../../../data/index.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useLabel, usePracticeTime, type ZonedClock } from '../../practice/index.ts';
import { useScribeSessions } from '../hooks/useScribeSessions.ts';
import { scribeSessionPath } from '../utils/scribe-paths.ts';
import { STAGE_LABELS, sessionStage } from '../utils/session-list-query.ts';

const STAGE_COLORS = { New: 'gray', Transcribing: 'blue', Transcribed: 'cyan', Drafted: 'green' } as const;

/** `/scribe`: the scribe sessions the user may see, newest first, each with where it stands. */
export function ScribeSessionsList() {
  useDocumentTitle('Scribe sessions · Caseload');
  const patientLabel = useLabel('patient', 'singular');
  const clock = usePracticeTime();
  const sessions = useScribeSessions();

  let body;
  if (sessions.error && sessions.items.length === 0) {
    body = (
      <Alert color="red" variant="light" role="alert" title="Scribe sessions could not be read">
        <Text size="sm">{sessions.error.message}</Text>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void sessions.refresh()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (sessions.loading && sessions.items.length === 0) {
    body = <LoadingIndicator fullScreen={false} label="Loading scribe sessions" />;
  } else if (sessions.items.length === 0) {
    body = (
      <EmptyState
        icon={IconMicrophone}
        title="No scribe sessions yet"
        description={
          `Start one from a ${patientLabel.toLowerCase()}'s chart or an appointment ("Start scribe session"): ` +
          'import or record the session, and Caseload drafts the note.'
        }
        headingOrder={2}
      />
    );
  } else {
    body = (
      <Stack gap="xs">
        <Table highlightOnHover verticalSpacing="xs" aria-label="Scribe sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>{patientLabel}</Table.Th>
              <Table.Th>Session</Table.Th>
              <Table.Th>Format</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.items.map((s) => (
              <SessionRow key={s.id} session={s} clock={clock} />
            ))}
          </Table.Tbody>
        </Table>
        {sessions.hasMore && (
          <Group justify="center">
            <Button variant="default" loading={sessions.loadingMore} onClick={() => void sessions.loadMore()}>
              Show more sessions
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1}>Scribe sessions</Title>
      {body}
    </Stack>
  );
}

function SessionRow({ session, clock }: { session: Note; clock: ZonedClock }) {
  const patient = useResource<Patient>('Patients', session.partition);
  const stage = sessionStage(session);
  return (
    <Table.Tr data-testid="scribe-session-row">
      <Table.Td>
        <Text size="sm">{clock.formatDateTime(session.encounterDate ?? session.created) || '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{patient.item ? patientDisplay(patient.item) : (session.subject?.display ?? '…')}</Text>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={scribeSessionPath(session.id)} fz="sm" fw={500}>
          {session.title ?? 'Scribe session'}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{session.scribe?.format ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STAGE_COLORS[stage]}>
          {STAGE_LABELS[stage]}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
