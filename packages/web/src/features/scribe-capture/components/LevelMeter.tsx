import { Box } from '@mantine/core';

/** The microphone's loudness now, as a bar; a meter role so a screen reader can tell there is sound. */
export function LevelMeter({ level, active }: { level: number; active: boolean }) {
  const percent = active ? Math.round(level * 100) : 0;
  return (
    <Box
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="level-meter"
      h={16}
      bg="var(--mantine-color-default-border)"
      style={{ borderRadius: 8, overflow: 'hidden' }}
    >
      <Box h="100%" w={`${percent}%`} bg={percent > 85 ? 'red.6' : 'teal.6'} />
    </Box>
  );
}
