import { strokeOn, type GoalProgress } from '@caseload/core';
import { Badge, useComputedColorScheme, type BadgeProps } from '@mantine/core';
import { PROGRESS_LABELS, progressColor } from '../utils/goal-thread-view.ts';

export interface ProgressBadgeProps {
  /** Undefined: nothing recorded yet. */
  status: GoalProgress | undefined;
  size?: BadgeProps['size'];
}

/** Where a goal or objective stands: its status with a dot in its goodToBad colour (the words carry it, not the colour alone). */
export function ProgressBadge({ status, size = 'md' }: ProgressBadgeProps) {
  // Darkened where pale on the background (goodToBad's middle yellow on white), as the charts draw it.
  const scheme = useComputedColorScheme('light');
  if (!status)
    return (
      <Badge variant="outline" color="gray" size={size} style={{ flexShrink: 0 }}>
        No progress recorded
      </Badge>
    );
  return (
    <Badge variant="dot" color={strokeOn(progressColor(status), scheme)} size={size} style={{ flexShrink: 0 }}>
      {PROGRESS_LABELS[status]}
    </Badge>
  );
}
