import type { Location, Practitioner } from '@caseload/core';
import { Group, MultiSelect, SegmentedControl, Select } from '@mantine/core';
import { useCollection } from '../../../data/index.ts';
import type { CalendarScopeState, CalendarScopeKind } from '../hooks/useCalendarScope.ts';
import type { ColourBy } from '../utils/calendar-events.ts';

export interface CalendarScopePickerProps {
  state: CalendarScopeState;
  colourBy: ColourBy;
  onColourBy(value: ColourBy): void;
}

const KINDS: { value: CalendarScopeKind; label: string }[] = [
  { value: 'practitioner', label: 'Clinician' },
  { value: 'location', label: 'Location' },
  { value: 'team', label: 'Team' },
];

const nameOf = (r: { id: string; display?: string; name?: string }) => r.display ?? r.name ?? r.id;
const options = (items: readonly { id: string; display?: string; name?: string }[]) =>
  items.map((r) => ({ value: r.id, label: nameOf(r) })).sort((a, b) => a.label.localeCompare(b.label));

/** Whose calendar: one clinician (me first), a location, or a team of clinicians; and how events are coloured. */
export function CalendarScopePicker({ state, colourBy, onColourBy }: CalendarScopePickerProps) {
  const { scope, setScope } = state;
  const practitioners = useCollection<Practitioner>('Practitioners');
  const locations = useCollection<Location>('Locations');
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <SegmentedControl
        aria-label="Show the calendar of"
        data={KINDS}
        value={scope.kind}
        onChange={(kind) => setScope({ kind: kind as CalendarScopeKind })}
      />
      {scope.kind === 'practitioner' && (
        <Select
          label="Clinician"
          data={options(practitioners.items)}
          value={scope.practitioner}
          onChange={(practitioner) => setScope({ practitioner })}
          searchable
          placeholder={practitioners.loading ? 'Loading…' : 'Choose a clinician'}
          w={240}
        />
      )}
      {scope.kind === 'location' && (
        <Select
          label="Location"
          data={options(locations.items.filter((l) => l.active !== false))}
          value={scope.location}
          onChange={(location) => setScope({ location })}
          searchable
          placeholder={locations.loading ? 'Loading…' : 'Choose a location'}
          w={240}
        />
      )}
      {scope.kind === 'team' && (
        <MultiSelect
          label="Team"
          data={options(practitioners.items)}
          value={scope.team}
          onChange={(team) => setScope({ team })}
          searchable
          placeholder={scope.team.length ? undefined : 'Choose clinicians'}
          miw={240}
          maw={520}
        />
      )}
      <SegmentedControl
        aria-label="Colour appointments by"
        data={[
          { value: 'status', label: 'By status' },
          { value: 'program', label: 'By program' },
        ]}
        value={colourBy}
        onChange={(v) => onColourBy(v as ColourBy)}
        ml="auto"
      />
    </Group>
  );
}
