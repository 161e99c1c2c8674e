import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { GroupSessionAnswer } from '../api/notes.api.ts';
import { notePath } from '../utils/note-paths.ts';

export interface GroupSessionCreatedProps {
  answer: GroupSessionAnswer;
}

/** What the group session screen shows once the server has made the notes: a link to each. */
export function GroupSessionCreated({ answer }: GroupSessionCreatedProps) {
  return (
    <Stack gap="md" data-testid="group-session-created">
      <Title order={1} fz={26}>
        Group notes created
      </Title>
      <Text>One note for each of the {answer.attendees.length} attendees. Open each to finish and sign it.</Text>
      <List>
        {answer.attendees.map((a) => (
          <List.Item key={a.note.id}>
            <Anchor component={Link} to={notePath(a.patient.id, a.note.id)}>
              {a.note.subject.display ?? a.patient.id}
            </Anchor>
            <Text span c="dimmed" size="sm">
              {' '}
              · {a.present ? 'present' : 'absent'}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
