import { Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { LoadedControlProps } from '../../../ui/LoadOnFirstUse.tsx';
import { useCurrentPractice } from '../hooks/useCurrentPractice.ts';
import { membershipKey, practiceTitle } from '../utils/practice-choice.ts';

/**
 * The practice switcher's menu around its trigger: one entry per practice the account works in
 * (its profiles', and an associate's views of practices), each with the roles held there. Loaded
 * on first use (`PracticeSwitcher.tsx`).
 */
export function PracticeSwitcherDropdown({ children, opened, onChange }: LoadedControlProps) {
  const { memberships, current, switchTo } = useCurrentPractice();
  return (
    <Menu position="bottom-start" width={280} withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{children}</Menu.Target>
      {/* An associate may view many practices: the list scrolls rather than run off the page. */}
      <Menu.Dropdown mah="min(480px, calc(100vh - 80px))" style={{ overflowY: 'auto' }}>
        <Menu.Label>Switch practice</Menu.Label>
        {memberships.map((m) => {
          const selected = !!current && membershipKey(m) === membershipKey(current);
          return (
            <Menu.Item
              key={membershipKey(m)}
              onClick={() => switchTo(m)}
              rightSection={selected ? <IconCheck size={16} aria-label="Current" /> : null}
              aria-current={selected ? 'true' : undefined}
            >
              <Text fz="sm" fw={500}>
                {practiceTitle(m)}
              </Text>
              <Text fz="xs" c="dimmed">
                {m.roles.join(', ') || m.profile}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
