import { Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';

export interface BrandMarkProps {
  size?: 'sm' | 'lg';
  /** The mark alone (a phone's header); the name stays for screen readers. */
  compact?: boolean;
}

/** The product's name with its mark. */
export function BrandMark({ size = 'sm', compact = false }: BrandMarkProps) {
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 8} wrap="nowrap">
      <ThemeIcon size={large ? 40 : 30} radius="md" variant="filled" aria-hidden>
        <IconNotes size={large ? 24 : 18} stroke={1.75} />
      </ThemeIcon>
      {compact ? (
        <VisuallyHidden>Caseload</VisuallyHidden>
      ) : (
        <Text component="span" fw={650} fz={large ? 26 : 19} lh={1} style={{ letterSpacing: '-0.01em' }}>
          Caseload
        </Text>
      )}
    </Group>
  );
}
