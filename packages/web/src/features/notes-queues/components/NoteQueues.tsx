import { hasFlag } from '@caseload/core';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useArea, useCurrentPermissions } from '../../shell/index.ts';
import { CoSignQueueCard } from './CoSignQueueCard.tsx';
import { UnsignedNotesCard } from './UnsignedNotesCard.tsx';

export interface NoteQueuesProps {
  /** What the dashboard shows to someone who neither signs nor co-signs notes. */
  fallback: ReactNode;
}

/**
 * The dashboard's note lists: "My unsigned notes" for those who sign notes, "Awaiting my
 * co-signature" for those who co-sign. Offered by the session's permissions (all when unknown);
 * the server decides what each list holds.
 */
export function NoteQueues({ fallback }: NoteQueuesProps) {
  const area = useArea('dashboard');
  const permissions = useCurrentPermissions();
  const signs = !permissions || hasFlag(permissions, 'clinical', 'SignNote');
  const coSigns = !permissions || hasFlag(permissions, 'clinical', 'CoSignNote');
  useDocumentTitle(`${area.label} · Caseload`);
  if (!signs && !coSigns) return <>{fallback}</>;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={24}>
          {area.label}
        </Title>
        <Text c="dimmed">{area.description}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: signs && coSigns ? 2 : 1 }} spacing="lg">
        {signs && <UnsignedNotesCard />}
        {coSigns && <CoSignQueueCard />}
      </SimpleGrid>
    </Stack>
  );
}
