import { CARE_TEAM_ROLES, type Patient, type Practitioner, type CareTeamMember } from '@caseload/core';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { useCollection } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import { useLabel } from '../../practice/index.ts';
import { usePatientForm } from '../hooks/usePatientForm.ts';
import { CodingSelect } from './CodingSelect.tsx';
import { FormDialog } from './FormDialog.tsx';

export interface CareTeamFormProps {
  patient: Patient;
  opened: boolean;
  onClose: () => void;
}

const same = (p: Patient) => ({ ...p, careTeam: p.careTeam ?? [] });
const withoutUnpicked = (p: Patient) => ({ ...p, careTeam: (p.careTeam ?? []).filter((m) => m.member?.id) });
const staffName = (p: Practitioner) => p.display ?? [...(p.names?.[0]?.given ?? []), p.names?.[0]?.family ?? ''].join(' ').trim();

/** Edits the care team: staff picked from the practice's practitioners, each with a care-team role. */
export function CareTeamForm({ patient, opened, onClose }: CareTeamFormProps) {
  const { form, submit, onSubmit } = usePatientForm(patient, opened, same, withoutUnpicked, onClose);
  const { fields, append, remove } = useFieldArray({
    control: form.control as unknown as Control<{ careTeam: CareTeamMember[] }>,
    name: 'careTeam',
  });
  const staff = useCollection<Practitioner>('Practitioners');
  const singular = useLabel('practitioner', 'singular');
  const options = staff.items.map((p) => ({ value: p.id, label: staffName(p) || p.id }));
  const errors = form.formState.errors.careTeam;

  return (
    <FormDialog opened={opened} onClose={onClose} title="Care team" onSubmit={onSubmit} saving={submit.pending}>
      <Stack gap="sm">
        {fields.length === 0 && <Text c="dimmed">Nobody on the care team yet.</Text>}
        {fields.map((field, index) => (
          <Group key={field.id} align="flex-start" wrap="nowrap">
            <Controller
              control={form.control}
              name={`careTeam.${index}.member`}
              render={({ field: member }) => (
                <Select
                  label={`Member ${index + 1}`}
                  placeholder={`Pick a ${singular.toLowerCase()}`}
                  data={options}
                  searchable
                  nothingFoundMessage={staff.loading ? 'Loading…' : 'No match'}
                  style={{ flex: 1 }}
                  value={member.value?.id || null}
                  onChange={(id) => {
                    const p = staff.items.find((s) => s.id === id);
                    member.onChange(p ? { resourceType: 'Practitioner', id: p.id, display: staffName(p) } : undefined);
                  }}
                  error={errors?.[index]?.member?.message ?? errors?.[index]?.member?.id?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name={`careTeam.${index}.role`}
              render={({ field: role }) => (
                <CodingSelect
                  label={`Role of member ${index + 1}`}
                  vocabulary={CARE_TEAM_ROLES}
                  value={role.value}
                  onChange={role.onChange}
                  error={errors?.[index]?.role?.message}
                />
              )}
            />
            <IconButton icon={IconTrash} label={`Remove member ${index + 1}`} mt={25} onClick={() => remove(index)} />
          </Group>
        ))}
      </Stack>
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconUserPlus size={16} />}
          onClick={() => append({ member: { resourceType: 'Practitioner', id: '' } })}
        >
          Add member
        </Button>
      </Group>
      <FormErrorAlert error={submit.error} />
    </FormDialog>
  );
}
