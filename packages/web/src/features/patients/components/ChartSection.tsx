import type { Resource } from '@caseload/core';
import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UseCollectionResult } from '../../../data/index.ts';

export interface ChartSectionProps<T extends Resource> {
  title: string;
  state: UseCollectionResult<T>;
  /** What the section says when the patient has none. */
  empty: string;
  children: (item: T) => ReactNode;
}

/** One list of the chart (allergies, medications, ...) with its loading, empty and error states. */
export function ChartSection<T extends Resource>({ title, state, empty, children }: ChartSectionProps<T>) {
  let body: ReactNode;
  if (state.error)
    body = (
      <Alert color="red" variant="light" role="alert">
        {state.error.message}
      </Alert>
    );
  else if (state.items.length === 0 && state.loading) body = <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />;
  else if (state.items.length === 0) body = <Text c="dimmed">{empty}</Text>;
  else body = <Stack gap={6}>{state.items.map((item) => children(item))}</Stack>;
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="xs">
        {title}
      </Title>
      {body}
    </Card>
  );
}
