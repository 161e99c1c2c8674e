import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { useLabel } from '../../practice/index.ts';
import type { InviteAnswer } from '../api/users.api.ts';
import { useInviteStaff } from '../hooks/useInviteStaff.ts';
import { inviteSchema, type InviteValues } from '../utils/invite-schema.ts';
import type { RoleOption } from '../utils/role-options.ts';

export interface InviteStaffDialogProps {
  options: readonly RoleOption[];
  /** After the invite is sent: give the new user `role` when it is not the invite's default. */
  onInvited: (answer: InviteAnswer, role: string) => Promise<void>;
  onClose: () => void;
}

const FIELDS = ['given', 'family', 'credentials', 'email', 'role'] as const;

/**
 * Invites a member of staff: their name, credentials and e-mail make a new Practitioner, and the
 * e-mail gets a sign-up link valid for 7 days. The invite itself gives the Practitioner role (when
 * the inviter may give it); another role chosen here is given right after.
 */
export function InviteStaffDialog({ options, onInvited, onClose }: InviteStaffDialogProps) {
  const practitioner = useLabel('practitioner', 'singular').toLowerCase();
  const invite = useInviteStaff();
  const form = useForm<InviteValues>({
    resolver: yupResolver(inviteSchema),
    defaultValues: { given: '', family: '', credentials: '', email: '', role: 'Practitioner' },
  });
  const submit = useSubmit(async (values: InviteValues) => {
    const answer = await invite(values);
    await onInvited(answer, values.role);
    onClose();
  });
  const errors = form.formState.errors;

  return (
    <Modal opened onClose={onClose} title="Invite staff" size="md" closeOnEscape={!submit.pending}>
      <form aria-label="Invite staff" noValidate onSubmit={form.handleSubmit((v) => submit.run(v))}>
        <Stack gap="sm">
          <Text c="dimmed" fz="sm">
            A new {practitioner} is created with this name, and the e-mail gets a link to set a password. The link works once, for 7 days.
          </Text>
          <Group grow align="flex-start">
            <TextInput
              label="Given name"
              required
              autoComplete="off"
              {...form.register('given')}
              error={errors.given?.message}
              data-autofocus
            />
            <TextInput label="Family name" required autoComplete="off" {...form.register('family')} error={errors.family?.message} />
          </Group>
          <TextInput
            label="Credentials"
            description="e.g. LCSW, PhD"
            autoComplete="off"
            {...form.register('credentials')}
            error={errors.credentials?.message}
          />
          <TextInput label="E-mail" type="email" required autoComplete="off" {...form.register('email')} error={errors.email?.message} />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label="Role"
                required
                allowDeselect={false}
                searchable
                data={options.map((o) => ({ value: o.value, label: o.label }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'Practitioner')}
                onBlur={field.onBlur}
                error={errors.role?.message}
              />
            )}
          />
          <FormErrorAlert error={submit.error} fieldPaths={[...FIELDS]} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={submit.pending}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.pending}>
              Send invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
