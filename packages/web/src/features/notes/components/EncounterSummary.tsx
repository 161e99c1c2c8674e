import { sessionInterval, type Encounter } from '@caseload/core';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { practiceClock } from '../../practice/index.ts';
import { refText } from '../utils/note-refs.ts';
import { lengthText } from './SessionTimeFields.tsx';

/** "Mar 2, 2026, 9:00 AM – 10:00 AM (1h)" on the practice's clock, or undefined while incomplete. */
export function sessionText(encounter: Pick<Encounter, 'sessionTime'>, timeZone: string): string | undefined {
  const i = sessionInterval(encounter.sessionTime);
  if (!i) return undefined;
  return `${practiceClock(timeZone).formatRange(i.start, i.end)} (${lengthText(i.minutes)})`;
}

const VISIT: Record<string, string> = {
  Show: 'Show',
  NoShow: 'No show',
  Cancelled: 'Cancelled',
  InPerson: 'In person',
  Telehealth: 'Telehealth',
};

/** A signed note's encounter, read-only: what was done, where, when and for which diagnoses. */
export function EncounterSummary({
  encounter,
  timeZone,
  labels,
}: {
  encounter: Encounter;
  timeZone: string;
  labels: { session: string; location: string };
}) {
  const rows: [string, string | undefined][] = [
    [labels.session, sessionText(encounter, timeZone)],
    ['Service', refText(encounter.serviceType) || undefined],
    ['Program', refText(encounter.program) || undefined],
    [labels.location, refText(encounter.location?.location) || undefined],
    [
      'Place of service',
      encounter.location?.placeOfService
        ? `${encounter.location.placeOfService.code} ${encounter.location.placeOfService.display ?? ''}`
        : undefined,
    ],
    [
      'Visit',
      [encounter.visitStatus, encounter.visitMode]
        .filter(Boolean)
        .map((v) => VISIT[v!])
        .join(', ') || undefined,
    ],
    ['Diagnoses', encounter.diagnoses?.map((d) => `${d.code.code} ${d.code.display ?? ''}`.trim()).join('; ') || undefined],
    [
      'Participants',
      encounter.participants
        .filter((p) => p.role !== 'Patient')
        .map((p) => refText(p.individual))
        .join(', ') || undefined,
    ],
    [
      'Services',
      encounter.services?.map((s) => `${refText(s.serviceType)} ${sessionText(s, timeZone) ?? ''}`.trim()).join('; ') || undefined,
    ],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <Stack key={k} gap={0}>
            <Text component="dt" size="xs" c="dimmed">
              {k}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {v}
            </Text>
          </Stack>
        ))}
    </SimpleGrid>
  );
}
