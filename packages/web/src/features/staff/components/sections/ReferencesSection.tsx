import { MultiSelect, Stack } from '@mantine/core';
import type { Reference } from '@caseload/core';
import { Controller } from 'react-hook-form';
import { referenceValue, type ReferenceOption } from '../../hooks/useReferenceOptions.ts';
import type { SectionProps } from './section-props.ts';

export interface ReferencesSectionProps extends SectionProps {
  /** Other practitioners (never the profile's own). */
  practitioners: ReferenceOption[];
  /** Listings and staff Groups. */
  listings: ReferenceOption[];
  programs: ReferenceOption[];
}

const pick = (options: ReferenceOption[], values: string[]): Reference[] =>
  values.flatMap((v) => options.find((o) => o.value === v)?.reference ?? []);

/** Supervisors (practitioners), group memberships (Listings and Groups) and programs. */
export function ReferencesSection({ control, readOnly, practitioners, listings, programs }: ReferencesSectionProps) {
  const data = (o: ReferenceOption[]) => o.map(({ value, label }) => ({ value, label }));
  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="supervisors"
        render={({ field }) => (
          <MultiSelect
            label="Supervisors"
            searchable
            readOnly={readOnly}
            data={data(practitioners)}
            value={(field.value ?? []).map((s) => referenceValue(s.subject))}
            // Keep each kept supervisor's period; new ones start without one.
            onChange={(values) =>
              field.onChange(
                pick(practitioners, values).map((subject) => field.value?.find((s) => s.subject.id === subject.id) ?? { subject }),
              )
            }
          />
        )}
      />
      <Controller
        control={control}
        name="groupMemberships"
        render={({ field }) => (
          <MultiSelect
            label="Group memberships"
            searchable
            readOnly={readOnly}
            data={data(listings)}
            value={(field.value ?? []).map((m) => referenceValue(m.listing))}
            onChange={(values) => field.onChange(pick(listings, values).map((listing) => ({ listing })))}
          />
        )}
      />
      <Controller
        control={control}
        name="programs"
        render={({ field }) => (
          <MultiSelect
            label="Programs"
            searchable
            readOnly={readOnly}
            data={data(programs)}
            value={(field.value ?? []).map(referenceValue)}
            onChange={(values) => field.onChange(pick(programs, values))}
          />
        )}
      />
    </Stack>
  );
}
