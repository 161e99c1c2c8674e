import { Alert, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconClipboardCheck } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';

export interface PortalWorkListProps<T extends { id: string }> {
  /** The page's heading (and the document's title). */
  title: string;
  /** What the page holds, as the person reads it ("Your forms"): errors and loading name it. */
  what: string;
  toDo: readonly T[];
  done: readonly T[];
  loading: boolean;
  error: Error | undefined;
  row: (item: T) => ReactNode;
  /** What fills the "To fill in" list when there is nothing to do, and the sent one when nothing was sent. */
  emptyToDo: string;
  emptyDone: string;
}

/**
 * A portal page of things the person fills in (forms, paperwork): what is still to fill in, then
 * what was sent to the care team, with the loading, error and empty states they share.
 */
export function PortalWorkList<T extends { id: string }>(props: PortalWorkListProps<T>) {
  const { title, what, toDo, done, loading, error, row } = props;
  const id = useId();
  useDocumentTitle(`${title} · Caseload`);
  const none = toDo.length === 0 && done.length === 0;
  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        {title}
      </Title>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title={`${what} could not be read`}>
          {error.message}
        </Alert>
      )}
      {loading && none ? (
        <LoadingIndicator fullScreen={false} label={`Loading ${what.toLowerCase()}`} />
      ) : (
        <>
          <Stack gap="sm" component="section" aria-labelledby={`${id}-to-do`}>
            <Title order={2} fz="lg" id={`${id}-to-do`}>
              To fill in
            </Title>
            {toDo.length === 0 ? (
              <EmptyState icon={IconClipboardCheck} title="Nothing to fill in right now" description={props.emptyToDo} headingOrder={3} />
            ) : (
              toDo.map(row)
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby={`${id}-done`}>
            <Title order={2} fz="lg" id={`${id}-done`}>
              Sent to your care team
            </Title>
            {done.length === 0 ? <Text c="dimmed">{props.emptyDone}</Text> : done.map(row)}
          </Stack>
        </>
      )}
    </Stack>
  );
}
