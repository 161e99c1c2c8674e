import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import type { Practitioner } from '@caseload/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useProfileForm } from '../hooks/useProfileForm.ts';
import { profileValues } from '../utils/practitioner-form.ts';
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
  const { form, isDirty, refusal, save, others, memberships, listings, programs } = useProfileForm(practitioner);
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
