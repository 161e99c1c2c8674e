import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';

export interface BrandMarkProps {
  size?: 'sm' | 'lg';
}

/** The product's name with its mark. */
export function BrandMark({ size = 'sm' }: BrandMarkProps) {
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 8} wrap="nowrap">
      <ThemeIcon size={large ? 40 : 30} radius="md" variant="filled" aria-hidden>
        <IconNotes size={large ? 24 : 18} stroke={1.75} />
      </ThemeIcon>
      <Text component="span" fw={650} fz={large ? 26 : 19} lh={1} style={{ letterSpacing: '-0.01em' }}>
        Caseload
      </Text>
    </Group>
  );
}
