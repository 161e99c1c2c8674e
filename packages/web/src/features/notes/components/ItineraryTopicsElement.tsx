import { localDate, type Encounter } from '@caseload/core';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useDayItinerary } from '../../itineraries/index.ts';
import { usePracticeTimeZone } from '../../practice/index.ts';

export interface ItineraryTopicsElementProps {
  label: string;
  encounter: Encounter;
}

/**
 * The ItineraryTopics element: the topics of the session clinician's itinerary for the session's
 * date (docs/scheduling.md, "Itineraries"), the day's and, when the itinerary plans a visit to
 * this patient, that visit's. Read only: the itinerary is edited on its own page.
 */
export function ItineraryTopicsElement({ label, encounter }: ItineraryTopicsElementProps) {
  const timeZone = usePracticeTimeZone();
  const author = encounter.participants.find((p) => p.role === 'PrimaryPerformer')?.individual.id;
  const start = encounter.sessionTime?.start;
  const date = start ? localDate(new Date(start), timeZone) : undefined;
  const { itinerary, loading } = useDayItinerary(author, date);
  const visitTopics = itinerary?.visits.filter((v) => v.patient?.id === encounter.partition).flatMap((v) => v.topics ?? []) ?? [];
  const topics = [...new Set([...(itinerary?.topics ?? []), ...visitTopics])];
  if (!itinerary || topics.length === 0) {
    return (
      <EmptyState
        icon={IconMap2}
        title={label}
        description={
          !date
            ? 'The itinerary topics show once the session has a date.'
            : loading
              ? 'Looking for the itinerary of the session’s day…'
              : 'No itinerary topics for the session’s day.'
        }
        headingOrder={3}
      />
    );
  }
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text fw={500} fz="sm">
        {label}
      </Text>
      <Group gap="xs">
        {topics.map((t) => (
          <Badge key={t} variant="light" tt="none">
            {t}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
