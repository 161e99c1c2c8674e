import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: Icon;
  title: string;
  /** One sentence: what will be here, or why it is empty. */
  description: ReactNode;
  /** A way forward (a button, a link), when there is one. */
  action?: ReactNode;
  /** The heading level in its page's outline. */
  headingOrder?: 1 | 2 | 3;
}

/** The empty-state display of SPEC.md section 2: an icon, a title, a sentence, maybe an action. */
export function EmptyState({ icon: IconComponent, title, description, action, headingOrder = 2 }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center" maw={480} mx="auto">
      <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
        <IconComponent size={36} stroke={1.5} />
      </ThemeIcon>
      <Title order={headingOrder} fz={22} mt="xs">
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
      {action}
    </Stack>
  );
}
