import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { useSession } from '../hooks/useSession.ts';

/** Ends the session on the server; the signed-in routes then send the user to the sign-in page. */
export function SignOutButton() {
  const { signOut } = useSession();
  const submit = useSubmit(async () => {
    try {
      await signOut();
    } catch (error) {
      notifications.show({ color: 'red', title: "Couldn't sign out", message: error instanceof Error ? error.message : String(error) });
    }
  });
  return (
    <Button variant="default" leftSection={<IconLogout size={16} />} loading={submit.pending} onClick={() => void submit.run()}>
      Sign out
    </Button>
  );
}
