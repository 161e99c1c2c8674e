import { AppShell, Avatar, Container, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '../../../ui/BrandMark.tsx';
import { SignOutButton, useSignedInUser } from '../../session/index.ts';

export interface AppFrameProps {
  children: ReactNode;
}

/** Two letters for the avatar from the e-mail's name part: "jane.doe@…" gives "JD". */
function initialsOf(email: string): string {
  const parts = email.split('@')[0]!.split(/[._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? parts[0]?.[1] ?? '')).toUpperCase() || '?';
}

/**
 * The signed-in frame: the brand, who is signed in and the way out. Issue 4 grows it into the
 * application shell (navigation, practice switcher, user menu and preferences).
 */
export function AppFrame({ children }: AppFrameProps) {
  const user = useSignedInUser();
  const email = user?.account.email ?? '';
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <BrandMark />
          <Group gap="sm" wrap="nowrap">
            <Avatar color="caseload" radius="xl" size={34} aria-hidden>
              {initialsOf(email)}
            </Avatar>
            <Stack gap={0} visibleFrom="xs">
              <Text fz="xs" c="dimmed" lh={1.2}>
                Signed in as
              </Text>
              <Text fz="sm" fw={500} lh={1.3} data-testid="signed-in-email">
                {email}
              </Text>
            </Stack>
            <SignOutButton />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="var(--caseload-page-background)">
        <Container size="md" py="lg">
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
