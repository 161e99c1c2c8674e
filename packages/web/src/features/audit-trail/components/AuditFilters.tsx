import { Button, Collapse, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useLabel } from '../../practice/index.ts';
import type { AuditPeople } from '../hooks/useAuditPeople.ts';
import type { AuditFiltersChange } from '../hooks/useAuditTrailFilters.ts';
import { dateRangeProblem, hasFilters, type AuditTrailFilters } from '../utils/audit-filters.ts';
import { EVENT_TYPE_CHOICES, OUTCOME_CHOICES } from '../utils/event-type-choices.ts';
import { PatientFilter } from './PatientFilter.tsx';
import { UserFilter } from './UserFilter.tsx';

export interface AuditFiltersProps {
  filters: AuditTrailFilters;
  onChange: (change: AuditFiltersChange) => void;
  people: AuditPeople;
}

/** How many filters are set, for the phone's "Filters" button. */
const countSet = (filters: AuditTrailFilters) => Object.values(filters).filter(Boolean).length;

/**
 * The trail's filters: patient, user (staff member or account), days on the practice's calendar,
 * outcome and event type. Each change searches at once. On a phone they fold under a "Filters"
 * button, so the events come first.
 */
export function AuditFilters({ filters, onChange, people }: AuditFiltersProps) {
  const patientLabel = useLabel('patient', 'singular');
  const phone = useMediaQuery('(max-width: 48em)');
  const [shown, toggle] = useDisclosure(false);
  const set = (change: AuditTrailFilters) => onChange((current) => ({ ...current, ...change }));
  const count = countSet(filters);
  const fields = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="sm" verticalSpacing="xs">
      <PatientFilter label={patientLabel} value={filters.patientId} onChange={(patientId) => set({ patientId })} />
      <UserFilter
        people={people}
        practitionerId={filters.practitionerId}
        accountId={filters.accountId}
        onChange={(user) => set({ practitionerId: user.practitionerId, accountId: user.accountId })}
      />
      <TextInput type="date" label="From" value={filters.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || undefined })} />
      <TextInput
        type="date"
        label="To"
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(e) => set({ to: e.currentTarget.value || undefined })}
        error={dateRangeProblem(filters)}
      />
      <Select
        label="Outcome"
        placeholder="Any outcome"
        clearable
        data={OUTCOME_CHOICES}
        value={filters.outcome ?? null}
        onChange={(outcome) => set({ outcome: (outcome as AuditTrailFilters['outcome']) ?? undefined })}
      />
      <Select
        label="Event"
        placeholder="Any event"
        clearable
        data={EVENT_TYPE_CHOICES}
        value={filters.eventType ?? null}
        onChange={(eventType) => set({ eventType: eventType ?? undefined })}
      />
    </SimpleGrid>
  );
  const clear = hasFilters(filters) && (
    <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => onChange(() => ({}))}>
      Clear filters
    </Button>
  );

  if (!phone) {
    return (
      <div role="search" aria-label="Filter the audit trail">
        {fields}
        {clear && (
          <Group justify="flex-end" mt={4}>
            {clear}
          </Group>
        )}
      </div>
    );
  }
  return (
    <div role="search" aria-label="Filter the audit trail">
      <Group justify="space-between">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          onClick={toggle.toggle}
          aria-expanded={shown}
        >
          {count > 0 ? `Filters · ${count} set` : 'Filters'}
        </Button>
        {clear}
      </Group>
      <Collapse expanded={shown} mt={shown ? 'sm' : 0}>
        {fields}
      </Collapse>
    </div>
  );
}
