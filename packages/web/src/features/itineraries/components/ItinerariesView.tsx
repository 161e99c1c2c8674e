import { Button, Grid, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useCan, useHasFlag, usePracticeTime, usePracticeTimeZone } from '../../practice/index.ts';
import { useMyItineraries } from '../hooks/useMyItineraries.ts';
import { newItinerary, todayIn, type ItineraryDraft } from '../utils/itinerary-draft.ts';
import { ItineraryEditor } from './ItineraryEditor.tsx';

/**
 * `/itineraries`: the signed-in practitioner's day plans by date, latest first, and the one
 * chosen (or a new one) beside them. Creating and changing need ManageItineraries and the
 * Itinerary permissions; others read.
 */
export function ItinerariesView() {
  useDocumentTitle('Itineraries · Caseload');
  const { itineraries, loading, author } = useMyItineraries();
  const manages = useHasFlag('administrative', 'ManageItineraries');
  const mayCreate = useCan('Create', 'Itinerary');
  const mayUpdate = useCan('Update', 'Itinerary');
  const timeZone = usePracticeTimeZone();
  const clock = usePracticeTime();
  // The one being edited: a stored itinerary's id, or a new draft.
  const [chosen, setChosen] = useState<{ id?: string; draft?: ItineraryDraft }>();
  const current = chosen?.draft ?? itineraries.find((i) => i.id === chosen?.id);
  const canCreate = manages && mayCreate && author !== undefined;
  const readOnly = !(manages && (current?.id ? mayUpdate : mayCreate));
  const dateText = (date: string) => clock.format(`${date}T12:00:00Z`, 'date') || date;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={1} fz={24}>
            Itineraries
          </Title>
          <Text c="dimmed">Your plan for a day: visits in order, their topics and travel notes.</Text>
        </div>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setChosen({ draft: newItinerary(author, todayIn(timeZone)) })}>
            New itinerary
          </Button>
        )}
      </Group>
      {loading && itineraries.length === 0 ? (
        <LoadingIndicator fullScreen={false} label="Loading itineraries" />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            {itineraries.length === 0 ? (
              <EmptyState
                icon={IconRoute}
                title="No itineraries yet"
                description="Plan a day's visits with New itinerary."
                headingOrder={2}
              />
            ) : (
              <nav aria-label="My itineraries">
                {itineraries.map((i) => (
                  <NavLink
                    key={i.id}
                    component="button"
                    label={dateText(i.date)}
                    description={`${i.visits.length} ${i.visits.length === 1 ? 'visit' : 'visits'}`}
                    active={current?.id === i.id}
                    onClick={() => setChosen({ id: i.id })}
                  />
                ))}
              </nav>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {current ? (
              <ItineraryEditor
                key={current.id ?? 'new'}
                initial={current}
                readOnly={readOnly}
                onSaved={(saved) => setChosen({ id: saved.id })}
              />
            ) : (
              <Text c="dimmed">Choose an itinerary{canCreate ? ', or start a new one' : ''}.</Text>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
