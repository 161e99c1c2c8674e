import { RELATIONSHIPS, US_STATES, relatedPersonSchema, type RelatedPerson } from '@caseload/core';
import { Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useChartRecordForm } from '../hooks/useChartRecordForm.ts';
import { personDisplay } from '../utils/chart-record-form-layout.ts';
import { withoutEmptyContacts } from '../utils/patient-form-layout.ts';
import type { RecordFormProps } from './ChartRecordList.tsx';
import { CodingSelect } from './CodingSelect.tsx';
import { ContactPointRows } from './ContactPointRows.tsx';
import { FormDialog } from './FormDialog.tsx';
import { errorAt } from './RecordFields.tsx';

const STATES = US_STATES.concepts.map((s) => ({ value: s.code, label: `${s.display} (${s.code})` }));

/** One legal name with a first and last name to type into, one address, and the phones as they are. */
function laidOut(person: RelatedPerson): RelatedPerson {
  const name = person.names?.[0] ?? {};
  const address = person.addresses?.[0] ?? { use: 'Home' as const };
  return {
    ...person,
    names: [
      { ...name, given: [name.given?.[0] ?? '', ...(name.given ?? []).slice(1)], family: name.family ?? '' },
      ...(person.names ?? []).slice(1),
    ],
    telecom: person.telecom ?? [],
    addresses: [{ ...address, line: [address.line?.[0] ?? '', address.line?.[1] ?? ''] }, ...(person.addresses ?? []).slice(1)],
  };
}

/** Empty phone and address rows dropped; the display the lists show follows the name. */
function cleaned(person: RelatedPerson): RelatedPerson {
  const contacts = withoutEmptyContacts(person);
  const display = personDisplay(contacts.names);
  const { display: _old, ...rest } = contacts;
  return display ? { ...rest, display } : (rest as RelatedPerson);
}

/** Records or edits a related person: name, relationship, guardian, phones and e-mails, address. */
export function RelatedPersonForm({ record, opened, onClose }: RecordFormProps<RelatedPerson>) {
  const { form, submit, onSubmit } = useChartRecordForm<RelatedPerson>({
    collection: 'RelatedPeople',
    schema: relatedPersonSchema,
    values: record,
    opened,
    prepare: laidOut,
    clean: cleaned,
    onSaved: onClose,
  });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={record.id ? 'Related person' : 'New related person'}
      onSubmit={onSubmit}
      saving={submit.pending}
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="First name" autoComplete="off" error={errorAt(form, 'names.0.given.0')} {...form.register('names.0.given.0')} />
        <TextInput
          label="Last name"
          autoComplete="off"
          error={errorAt(form, 'names.0.family') ?? errorAt(form, 'names.0') ?? errorAt(form, 'names')}
          {...form.register('names.0.family')}
        />
        <Controller
          control={form.control}
          name="relationship"
          render={({ field }) => (
            <CodingSelect
              label="Relationship"
              vocabulary={RELATIONSHIPS}
              value={field.value}
              onChange={field.onChange}
              error={errorAt(form, 'relationship')}
            />
          )}
        />
      </SimpleGrid>
      <Checkbox label="Legal guardian (may sign forms and use the portal for the patient)" {...form.register('isGuardian')} />
      <Fieldset legend="Phones and e-mails">
        <ContactPointRows form={form} />
      </Fieldset>
      <Fieldset legend="Address">
        <Stack gap="xs">
          <TextInput label="Street" error={errorAt(form, 'addresses.0.line.0')} {...form.register('addresses.0.line.0')} />
          <TextInput label="Apartment, suite (optional)" {...form.register('addresses.0.line.1')} />
          <Group grow align="flex-start">
            <TextInput label="City" error={errorAt(form, 'addresses.0.city')} {...form.register('addresses.0.city')} />
            <Controller
              control={form.control}
              name="addresses.0.state"
              render={({ field }) => (
                <Select
                  label="State"
                  data={STATES}
                  searchable
                  clearable
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  error={errorAt(form, 'addresses.0.state')}
                />
              )}
            />
            <TextInput label="ZIP code" error={errorAt(form, 'addresses.0.postalCode')} {...form.register('addresses.0.postalCode')} />
          </Group>
        </Stack>
      </Fieldset>
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
