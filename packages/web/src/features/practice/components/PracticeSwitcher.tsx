import { Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconCheck, IconSelector } from '@tabler/icons-react';
import { useCurrentPractice } from '../hooks/useCurrentPractice.ts';
import { membershipKey } from '../utils/practice-choice.ts';
import classes from './PracticeSwitcher.module.css';

export interface PracticeSwitcherProps {
  /** Only the practice's name (a phone's header has no room for the roles). */
  compact?: boolean;
}

/**
 * The practice the shell works in, and, for an account with profiles in several, the menu to
 * switch. Each entry says which practice and which roles the profile holds there.
 */
export function PracticeSwitcher({ compact = false }: PracticeSwitcherProps) {
  const { memberships, current, switchTo } = useCurrentPractice();
  if (!current) return null;

  const label = (
    <Group gap={8} wrap="nowrap" miw={0}>
      <IconBuilding size={compact ? 16 : 20} stroke={1.75} aria-hidden />
      <Stack gap={0} miw={0}>
        {!compact && (
          <Text fz="xs" c="dimmed" lh={1.2}>
            Practice
          </Text>
        )}
        <Text fz="sm" fw={600} lh={1.3} truncate="end" maw={compact ? 140 : 220} data-testid="current-practice">
          {current.practiceId}
        </Text>
      </Stack>
    </Group>
  );

  if (memberships.length < 2) return <div className={classes.static}>{label}</div>;

  return (
    <Menu position="bottom-start" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label={`Practice: ${current.practiceId}. Switch practice`}>
          <Group gap={6} wrap="nowrap">
            {label}
            <IconSelector size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Switch practice</Menu.Label>
        {memberships.map((m) => {
          const selected = membershipKey(m) === membershipKey(current);
          return (
            <Menu.Item
              key={membershipKey(m)}
              onClick={() => switchTo(m)}
              rightSection={selected ? <IconCheck size={16} aria-label="Current" /> : null}
              aria-current={selected ? 'true' : undefined}
            >
              <Text fz="sm" fw={500}>
                {m.practiceId}
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
