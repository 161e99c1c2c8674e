import { Progress } from '@mantine/core';

/** The microphone's loudness now, as a bar; a meter role so a screen reader can tell there is sound. */
export function LevelMeter({ level, active }: { level: number; active: boolean }) {
  const percent = Math.round(level * 100);
  return (
    <Progress
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="level-meter"
      value={active ? percent : 0}
      size="xl"
      color={percent > 85 ? 'red' : 'teal'}
      transitionDuration={0}
    />
  );
}
