import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy } from 'react';
import { DeferredMount } from '../../../ui/DeferredMount.tsx';
import { lazyControl, LoadOnFirstUse } from '../../../ui/LoadOnFirstUse.tsx';
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
// The menu itself (Mantine's Menu: floating-ui, focus trap, portal) likewise: the trigger is here,
// the menu loads on first use or with the warm-ups.
const userMenuDropdown = lazyControl(() => import('./UserMenuDropdown.tsx').then((m) => m.UserMenuDropdown));
warmUpLater(userMenuDropdown.load);

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
      <LoadOnFirstUse
        control={userMenuDropdown}
        props={{ name, email, onPreferences: preferences.open, onSignOut: () => void startSignOut() }}
        opensOnUse
      >
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
      </LoadOnFirstUse>
      <DeferredMount when={preferencesOpened}>
        <PreferencesDialog opened={preferencesOpened} onClose={preferences.close} />
      </DeferredMount>
      <DeferredMount when={confirmOpened}>
        <SignOutConfirmDialog opened={confirmOpened} signingOut={pending} onStay={confirm.close} onSignOut={() => void signOut()} />
      </DeferredMount>
    </>
  );
}
