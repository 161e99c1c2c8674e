import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@caseload/core';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../hooks/useSession.ts';
import { signInPathFor } from '../utils/next-path.ts';

/**
 * Shown over the current screen when the server no longer accepts the session (SPEC.md section 8's
 * 401 message). It cannot be dismissed: the only way on is to sign in again, which comes back to
 * the same place.
 */
export function SessionExpiredModal() {
  const { state, acknowledgeExpiry } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signInAgain = () => {
    acknowledgeExpiry();
    void navigate(signInPathFor(location.pathname + location.search + location.hash), { replace: true });
  };
  return (
    <Modal
      opened={state.status === 'expired'}
      onClose={() => undefined}
      withCloseButton={false}
      title="You have been signed out"
      size="sm"
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="xs">
        <Text>{MESSAGES.unauthorized}</Text>
        <Text c="dimmed" fz="sm">
          Sign in again to carry on where you left off. Edits that have not reached the server stay on this device and are sent once you are
          signed in again.
        </Text>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button onClick={signInAgain} data-autofocus>
          Sign in again
        </Button>
      </Group>
    </Modal>
  );
}
