import { PACKET_MESSAGES } from '@caseload/core';
import { Alert, Anchor, Box, Button, Container, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/index.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { QuestionnaireForm } from '../../forms/index.ts';
import { useKiosk } from '../hooks/useKiosk.ts';
import { KioskLeave } from './KioskLeave.tsx';

/**
 * `/kiosk` (docs/portal.md, "Kiosk mode"): the clinic's tablet handed to a patient, showing one
 * packet and nothing else: no navigation, no account, no other record. One part at a time, saved
 * on "Next"; sent, it locks on "Thank you, please hand the device back" until staff sign in.
 */
export function KioskPage() {
  const kiosk = useKiosk();
  const [part, setPart] = useState(0);
  const [leaving, setLeaving] = useState(false);
  useDocumentTitle(kiosk.view ? `${kiosk.view.packetName} · Caseload` : 'Caseload');

  const go = (n: number) => {
    setPart(n);
    window.scrollTo({ top: 0 });
  };

  let body;
  if (kiosk.phase === 'loading') body = <LoadingIndicator fullScreen={false} label="Loading the paperwork" />;
  else if (kiosk.phase !== 'filling' || !kiosk.view) {
    const finished = kiosk.phase === 'finished';
    body = (
      <Stack gap="lg">
        <Alert
          color={finished ? 'intent-success' : 'gray'}
          variant="light"
          icon={finished ? <IconCircleCheck size={24} /> : <IconLock size={24} />}
          role="status"
          title={finished ? PACKET_MESSAGES.kioskFinished : 'This device is locked'}
        >
          {finished ? 'Your answers were sent to your care team.' : PACKET_MESSAGES.kioskEnded}
        </Alert>
        <KioskLeave />
      </Stack>
    );
  } else {
    const { view } = kiosk;
    const items = view.items;
    const current = items[part];
    body = (
      <Stack gap="md">
        <div>
          <Title order={1} fz={26}>
            {view.packetName}
          </Title>
          <Text c="dimmed">For {view.recipient.display ?? 'you'}, on the clinic’s device.</Text>
        </div>
        <div>
          <Text fz="sm" fw={600} id="kiosk-progress">
            {current ? `Part ${part + 1} of ${items.length}` : 'Check and send'}
          </Text>
          {/* The progressbar is the section, so its name goes there (axe: aria-progressbar-name). */}
          <Progress.Root size="sm" mt={4}>
            <Progress.Section value={((part + 1) / (items.length + 1)) * 100} aria-labelledby="kiosk-progress" />
          </Progress.Root>
        </div>
        {kiosk.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Not saved yet">
            {isApiError(kiosk.error) && kiosk.error.issues.length > 0 ? (
              <List size="sm" spacing={2}>
                {kiosk.error.issues.map((i) => (
                  <List.Item key={i.path}>{i.message}</List.Item>
                ))}
              </List>
            ) : (
              kiosk.error.message
            )}
          </Alert>
        )}
        {/* Every part stays mounted, so a signature drawn earlier is still shown on going back. */}
        {items.map((entry, n) => (
          <Box key={entry.response.id} hidden={n !== part} data-testid={n === part ? 'kiosk-part' : undefined}>
            <Stack gap="md">
              <Title order={2} fz={22}>
                {entry.item.title}
              </Title>
              {entry.questionnaire.description && <Text c="dimmed">{entry.questionnaire.description}</Text>}
              <QuestionnaireForm
                questionnaire={entry.questionnaire}
                response={entry.response}
                mode="edit"
                onChange={(c) => kiosk.change(entry.response.id, c)}
                onSubmit={async (c) => {
                  kiosk.change(entry.response.id, c);
                  if (await kiosk.save(entry.response.id)) go(n + 1);
                }}
                onSign={kiosk.signer(entry.questionnaire)}
                submitLabel={n < items.length - 1 ? 'Next' : 'Save and check'}
              />
              {n > 0 && (
                <Group>
                  <Button variant="default" onClick={() => go(n - 1)}>
                    Back
                  </Button>
                </Group>
              )}
            </Stack>
          </Box>
        ))}
        {!current && (
          <Stack gap="md">
            <Text>You are about to send these parts to your care team:</Text>
            <List spacing={4}>
              {items.map((i, n) => (
                <List.Item key={i.item.key}>
                  <Anchor component="button" type="button" onClick={() => go(n)}>
                    {i.item.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
            <Group justify="space-between">
              <Button variant="default" onClick={() => go(items.length - 1)}>
                Back
              </Button>
              <Button onClick={() => void kiosk.submit()} loading={kiosk.submitting}>
                Send to my care team
              </Button>
            </Group>
          </Stack>
        )}
        <Group justify="center" mt="xl">
          {leaving ? (
            <KioskLeave />
          ) : (
            <Anchor component="button" type="button" fz="sm" c="dimmed" onClick={() => setLeaving(true)}>
              Staff: sign in to leave
            </Anchor>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Box component="main" id="main" py="lg" px="sm">
      <Container size={760} px={0}>
        {body}
      </Container>
    </Box>
  );
}
