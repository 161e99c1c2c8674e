import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { MySessionsCard } from '../features/session/components/MySessionsCard.tsx';
import { useSignedInUser } from '../features/session/index.ts';

/** `/account`, loaded on demand: the signed-in account and where it is signed in. */
export default function AccountPage() {
  useDocumentTitle('Your account · Caseload');
  const user = useSignedInUser();
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1} fz={24}>
          Your account
        </Title>
        <Text c="dimmed">Signed in as {user?.account.email}.</Text>
      </div>
      <MySessionsCard />
    </Stack>
  );
}
