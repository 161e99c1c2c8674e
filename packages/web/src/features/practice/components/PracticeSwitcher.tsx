import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconSelector } from '@tabler/icons-react';
import { lazyControl, LoadOnFirstUse } from '../../../ui/LoadOnFirstUse.tsx';
import { warmUpLater } from '../../../ui/warm-up.ts';
import { useCurrentPractice } from '../hooks/useCurrentPractice.ts';
import { practiceTitle } from '../utils/practice-choice.ts';
import classes from './PracticeSwitcher.module.css';

// The menu (Mantine's Menu: floating-ui, focus trap, portal) loads on first use or with the
// warm-ups, out of the first screen (docs/performance.md, "Header menus on first use").
const switcherDropdown = lazyControl(() => import('./PracticeSwitcherDropdown.tsx').then((m) => m.PracticeSwitcherDropdown));
warmUpLater(switcherDropdown.load);

export interface PracticeSwitcherProps {
  /** Only the practice's name (a phone's header has no room for the roles). */
  compact?: boolean;
}

/**
 * The practice the shell works in, and, for an account with profiles in several, the menu to
 * switch. Each entry says which practice and which roles the profile holds there.
 */
export function PracticeSwitcher({ compact = false }: PracticeSwitcherProps) {
  const { memberships, current } = useCurrentPractice();
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
        <Text
          fz="sm"
          fw={600}
          lh={1.3}
          truncate="end"
          maw={compact ? 140 : 220}
          title={practiceTitle(current)}
          data-testid="current-practice"
        >
          {practiceTitle(current)}
        </Text>
      </Stack>
    </Group>
  );

  if (memberships.length < 2) return <div className={classes.static}>{label}</div>;

  return (
    <LoadOnFirstUse control={switcherDropdown} props={{}} opensOnUse>
      <UnstyledButton className={classes.target} aria-label={`Practice: ${practiceTitle(current)}. Switch practice`}>
        <Group gap={6} wrap="nowrap">
          {label}
          <IconSelector size={16} aria-hidden />
        </Group>
      </UnstyledButton>
    </LoadOnFirstUse>
  );
}
