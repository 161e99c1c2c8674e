import { Menu, Text } from '@mantine/core';
import { IconAdjustments, IconDevices, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LoadedControlProps } from '../../../ui/LoadOnFirstUse.tsx';

export interface UserMenuDropdownProps {
  /** The profile's name in the current practice, when known. */
  name: string | undefined;
  email: string;
  onPreferences: () => void;
  onSignOut: () => void;
}

/**
 * The user menu around its trigger: who is signed in, their preferences and sessions, and signing
 * out. Loaded on first use (`UserMenu.tsx`).
 */
export function UserMenuDropdown({
  name,
  email,
  onPreferences,
  onSignOut,
  children,
  opened,
  onChange,
}: UserMenuDropdownProps & LoadedControlProps) {
  return (
    <Menu position="bottom-end" width={260} withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{children}</Menu.Target>
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
        <Menu.Item leftSection={<IconAdjustments size={16} aria-hidden />} onClick={onPreferences}>
          Preferences
        </Menu.Item>
        <Menu.Item leftSection={<IconDevices size={16} aria-hidden />} component={Link} to="/account">
          Where you're signed in
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
