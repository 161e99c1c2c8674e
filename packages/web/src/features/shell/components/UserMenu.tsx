import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustments, IconChevronDown, IconDevices, IconLogout } from '@tabler/icons-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { DeferredMount } from '../../../ui/DeferredMount.tsx';
import { warmUpLater } from '../../../ui/warm-up.ts';
import { useSignedInUser } from '../../session/index.ts';
import { useSignOut } from '../hooks/useSignOut.ts';
import { initialsOf } from '../utils/initials.ts';
import classes from './UserMenu.module.css';

// Not on the landing page: fetched after it (or when first opened), so they stay out of the first
// load (docs/performance.md). The preferences feature's index is in the shell's chunk already, so the
// dialog's own file is what can be split off.
const loadPreferencesDialog = () => import('../../preferences/components/PreferencesDialog.tsx');
const loadSignOutConfirmDialog = () => import('./SignOutConfirmDialog.tsx');
warmUpLater(loadPreferencesDialog);
warmUpLater(loadSignOutConfirmDialog);
const PreferencesDialog = lazy(() => loadPreferencesDialog().then((m) => ({ default: m.PreferencesDialog })));
const SignOutConfirmDialog = lazy(() => loadSignOutConfirmDialog().then((m) => ({ default: m.SignOutConfirmDialog })));

export interface UserMenuProps {
  /** The profile's name in the current practice, when known. */
  name: string | undefined;
  /** Avatar only (a phone's header). */
  compact?: boolean;
}

/** The signed-in user's menu: who they are, their preferences and sessions, and signing out. */
export function UserMenu({ name, compact = false }: UserMenuProps) {
  const email = useSignedInUser()?.account.email ?? '';
  const [preferencesOpened, preferences] = useDisclosure(false);
  const [confirmOpened, confirm] = useDisclosure(false);
  const { signOut, hasUnsentEdits, pending } = useSignOut();
  // Nothing is discarded without asking: edits still on this device make it a question first.
  const startSignOut = async () => ((await hasUnsentEdits()) ? confirm.open() : signOut());

  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal>
        <Menu.Target>
          <UnstyledButton className={classes.target} aria-label={`Account: ${name ?? email}`}>
            <Group gap="sm" wrap="nowrap">
              <Avatar color="caseload" radius="xl" size={compact ? 36 : 34} aria-hidden>
                {initialsOf(name, email)}
              </Avatar>
              {!compact && (
                <Stack gap={0} visibleFrom="md" miw={0}>
                  <Text fz="sm" fw={600} lh={1.3} truncate="end" maw={200}>
                    {name ?? 'Signed in'}
                  </Text>
                  <Text fz="xs" c="dimmed" lh={1.3} truncate="end" maw={200} data-testid="signed-in-email">
                    {email}
                  </Text>
                </Stack>
              )}
              {!compact && <IconChevronDown size={16} aria-hidden />}
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {name && (
              <Text fz="sm" fw={600} c="var(--mantine-color-text)">
                {name}
              </Text>
            )}
            <Text fz="xs">{email}</Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item leftSection={<IconAdjustments size={16} aria-hidden />} onClick={preferences.open}>
            Preferences
          </Menu.Item>
          <Menu.Item leftSection={<IconDevices size={16} aria-hidden />} component={Link} to="/account">
            Where you're signed in
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void startSignOut()}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <DeferredMount when={preferencesOpened}>
        <PreferencesDialog opened={preferencesOpened} onClose={preferences.close} />
      </DeferredMount>
      <DeferredMount when={confirmOpened}>
        <SignOutConfirmDialog opened={confirmOpened} signingOut={pending} onStay={confirm.close} onSignOut={() => void signOut()} />
      </DeferredMount>
    </>
  );
}
