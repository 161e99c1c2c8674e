import { patientDisplay, type Note, type Patient } from '@caseload/core';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePracticeTime } from '../../practice/index.ts';
import { scribeSessionsPath } from '../utils/scribe-paths.ts';

export interface ScribeSessionHeaderProps {
  session: Note;
  patient: Patient | undefined;
  title: string;
  children?: React.ReactNode;
}

/** The top of the scribe screens: the patient, the session's date and author, and the screen's own controls. */
export function ScribeSessionHeader({ session, patient, title, children }: ScribeSessionHeaderProps) {
  const clock = usePracticeTime();
  const who = patient ? patientDisplay(patient) : (session.subject?.display ?? 'Patient');
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={scribeSessionsPath()} fz="sm">
        ← Scribe sessions
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={24}>
            {title}: {who}
          </Title>
          <Group gap="xs">
            <Text fz="sm" c="dimmed">
              {clock.formatDateTime(session.encounterDate ?? session.created) || 'No session date'}
              {session.author?.display && ` · for ${session.author.display}`}
            </Text>
            <Anchor component={Link} to={`/patients/${encodeURIComponent(session.partition)}`} fz="sm">
              Open chart
            </Anchor>
            {session.scribe?.dictationOnly && (
              <Badge size="sm" variant="light" color="gray">
                Dictation only
              </Badge>
            )}
          </Group>
        </div>
        <Group gap="sm" align="flex-end">
          {children}
        </Group>
      </Group>
    </Stack>
  );
}
