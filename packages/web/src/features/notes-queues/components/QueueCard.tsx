import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { userMessageFor } from '../../../platform/core-web.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';

export interface QueueCardProps {
  /** The heading, also the list's accessible name. */
  title: string;
  icon: Icon;
  /** Undefined while the first answer is awaited. */
  count: number | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Title and sentence of the empty state. */
  empty: { title: string; description: string };
  /** The server has more than it sent. */
  more?: boolean;
  children: ReactNode;
}

/** A dashboard list with its loading, error and empty states (the error with a Try again). */
export function QueueCard({ title, icon, count, loading, error, onRetry, empty, more, children }: QueueCardProps) {
  const headingId = `queue-${title.toLowerCase().replace(/\W+/g, '-')}`;
  let body: ReactNode;
  if (error && count === undefined) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title={`${title} could not be loaded`}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{userMessageFor(error)}</Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (count === undefined) {
    body = <LoadingIndicator fullScreen={false} label={`Loading ${title.toLowerCase()}`} />;
  } else if (count === 0) {
    body = <EmptyState icon={icon} title={empty.title} description={empty.description} headingOrder={3} />;
  } else {
    body = children;
  }
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} aria-busy={loading}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} fz={18} id={headingId}>
            {title}
          </Title>
          {count !== undefined && count > 0 && (
            <Badge variant="light" aria-label={`${count}${more ? ' or more' : ''}`}>
              {count}
              {more ? '+' : ''}
            </Badge>
          )}
        </Group>
      </Group>
      {body}
    </Card>
  );
}
