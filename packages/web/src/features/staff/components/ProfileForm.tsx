import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { practitionerSchema, type Practitioner } from '@caseload/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useSyncState, useUpsert } from '../../../data/index.ts';
import { useReferenceOptions } from '../hooks/useReferenceOptions.ts';
import { applyProfile, profileValues, type ProfileValues } from '../utils/practitioner-form.ts';
import { ContactSection } from './sections/ContactSection.tsx';
import { EmploymentsSection } from './sections/EmploymentsSection.tsx';
import { LicencesSection } from './sections/LicencesSection.tsx';
import { NamesSection } from './sections/NamesSection.tsx';
import { ReferencesSection } from './sections/ReferencesSection.tsx';

export interface ProfileFormProps {
  practitioner: Practitioner;
  readOnly: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * The practitioner's record as a form: names and credentials, contact, supervisors, licences,
 * employments, group memberships and programs. Saved through the write queue (the device keeps
 * the edit even offline); a refusal by the server shows here with the server's words, and the
 * typed values stay in the form.
 */
export function ProfileForm({ practitioner, readOnly }: ProfileFormProps) {
  const upsert = useUpsert<Practitioner>('Practitioners');
  const { failed } = useSyncState();
  const refusal = failed.find((f) => f.collection === 'Practitioners' && f.id === practitioner.id);
  // Core's practitionerSchema (the server's own rules) checks the record as it would be saved:
  // the form holds the resource's shape, so each error's path is the field's name.
  const resolver = useMemo<Resolver<ProfileValues>>(() => {
    const check = yupResolver(practitionerSchema) as unknown as Resolver<Practitioner>;
    return async (values, context, options) => {
      const result = await check(applyProfile(practitioner, values), context, options as never);
      return result as unknown as Awaited<ReturnType<Resolver<ProfileValues>>>;
    };
  }, [practitioner]);
  const form = useForm<ProfileValues>({ resolver, defaultValues: profileValues(practitioner) });
  // A newer copy from the server (another user's save, the queue's answer) is shown unless the
  // user is typing: their edit is never replaced under them.
  const { isDirty } = form.formState;
  useEffect(() => {
    if (!isDirty) form.reset(profileValues(practitioner));
  }, [practitioner, isDirty, form]);

  const practitioners = useReferenceOptions('Practitioners');
  const others = useMemo(() => practitioners.filter((p) => p.reference.id !== practitioner.id), [practitioners, practitioner.id]);
  const listings = useReferenceOptions('Listings');
  const groups = useReferenceOptions('Groups');
  const programs = useReferenceOptions('Programs');
  const memberships = useMemo(() => [...listings, ...groups], [listings, groups]);

  const save = form.handleSubmit(async (values) => {
    await upsert(applyProfile(practitioner, values));
    form.reset(values);
    notifications.show({ color: 'caseload', message: 'Profile saved.' });
  });
  const props = { control: form.control, register: form.register, errors: form.formState.errors, readOnly };

  return (
    <form aria-label="Practitioner profile" noValidate onSubmit={(e) => void save(e)}>
      <Stack gap="md">
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The last save was refused">
            {refusal.detail ?? 'The server refused the change.'} The values you typed are still in the form.
          </Alert>
        )}
        <Section title="Names and credentials">
          <Stack gap="sm">
            <NamesSection {...props} />
          </Stack>
        </Section>
        <Section title="Contact">
          <ContactSection {...props} />
        </Section>
        <Section title="Supervisors, groups and programs">
          <ReferencesSection {...props} practitioners={others} listings={memberships} programs={programs} />
        </Section>
        <Section title="Licences">
          <LicencesSection {...props} />
        </Section>
        <Section title="Employments">
          <EmploymentsSection {...props} departments={listings} />
        </Section>
        {!readOnly && (
          <Group justify="flex-end" pos="sticky" bottom={0} py="sm" style={{ background: 'var(--mantine-color-body)' }}>
            <Button variant="default" onClick={() => form.reset(profileValues(practitioner))} disabled={!isDirty}>
              Discard changes
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save profile
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
