import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { profileReference, useCan, useCurrentPractice, useHasFlag } from '../../practice/index.ts';
// The card's own file: the feature's index brings the chart's thread view, which the dashboard's first chunk must not carry.
import { ReviewDueCard } from '../../care-plan-thread/components/ReviewDueCard.tsx';
import { CoSignPlansCard } from '../../care-plans/components/CoSignPlansCard.tsx';
import { useArea } from '../../shell/index.ts';
import { CoSignQueueCard } from './CoSignQueueCard.tsx';
import { PracticeNotesCard } from './PracticeNotesCard.tsx';
import { UnsignedNotesCard } from './UnsignedNotesCard.tsx';

export interface NoteQueuesProps {
  /** What the dashboard shows to someone who neither signs nor co-signs notes. */
  fallback: ReactNode;
  /** A card shown above the note lists, full width (the clinician's "Today"); shown even to those without them. */
  lead?: ReactNode;
}

/**
 * The dashboard's note lists: "My unsigned notes" for those who sign notes, "Awaiting my
 * co-signature" for those who co-sign, both only for a practitioner (nobody else writes or
 * co-signs notes). Offered by the session's permissions; the server decides what each list holds.
 * Staff who read notes but neither sign nor co-sign (an associate viewing the practice, an
 * administrator) see the practice's notes at a glance instead.
 */
export function NoteQueues({ fallback, lead }: NoteQueuesProps) {
  const area = useArea('dashboard');
  const profile = profileReference(useCurrentPractice().current);
  const practitioner = profile?.resourceType === 'Practitioner';
  const signs = useHasFlag('clinical', 'SignNote') && practitioner;
  const coSigns = useHasFlag('clinical', 'CoSignNote') && practitioner;
  // Staff only: a patient's portal is not a practice's dashboard.
  const overview = useCan('Read', 'Note') && !signs && !coSigns && (practitioner || !profile);
  useDocumentTitle(`${area.label} · Caseload`);
  if (!signs && !coSigns && !overview && !lead) return <>{fallback}</>;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={24}>
          {area.label}
        </Title>
        <Text c="dimmed">{area.description}</Text>
      </div>
      {lead}
      <SimpleGrid cols={{ base: 1, md: signs && coSigns ? 2 : 1 }} spacing="lg">
        {signs && <UnsignedNotesCard />}
        {coSigns && <CoSignQueueCard />}
        {overview && <PracticeNotesCard />}
        {signs && <ReviewDueCard />}
        {coSigns && <CoSignPlansCard />}
      </SimpleGrid>
    </Stack>
  );
}
