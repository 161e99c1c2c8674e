import type { SecurityRole } from '@caseload/core';
import { Alert, Badge, Checkbox, Fieldset, Group, ScrollArea, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { InferType } from '../../../ui/yup.ts';
import { useCollection } from '../../../data/index.ts';
import { userMessageFor } from '../../../platform/core-web.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
import { useAdminPermissions } from '../hooks/useAdminPermissions.ts';
import { securityRoleSchema } from '../utils/admin-schemas.ts';
import { grantSetGroups, type GrantSetResource } from '../utils/grant-set-choices.ts';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';

type Values = InferType<typeof securityRoleSchema>;

/**
 * A practice-defined security role: a name and the grant sets it is made of, picked from the
 * GrantSets collection (the catalogue), grouped by area. Sets the user may not hand out are shown
 * but cannot be ticked; the server enforces the same rule and its refusal shows under the form.
 */
export function SecurityRoleForm({ item, onSave, onCancel, readOnly }: AdminFormProps<SecurityRole>) {
  const catalogue = useCollection<GrantSetResource>('GrantSets');
  const permissions = useAdminPermissions();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => grantSetGroups(catalogue.items, permissions, search), [catalogue.items, permissions, search]);
  const admin = useAdminForm<Values>(
    securityRoleSchema,
    { name: item?.name ?? item?.display ?? '', description: item?.description ?? '', grantSets: [...(item?.grantSets ?? [])] },
    (v) => onSave({ name: v.name, description: v.description || undefined, grantSets: v.grantSets }),
  );
  const { register, control, formState, watch } = admin.form;
  const chosen = watch('grantSets') ?? [];

  let picker;
  if (catalogue.error && catalogue.items.length === 0) {
    picker = (
      <Alert color="red" variant="light" role="alert" title="Grant sets could not be loaded">
        {userMessageFor(catalogue.error)}
      </Alert>
    );
  } else if (catalogue.loading && catalogue.items.length === 0) {
    picker = <LoadingIndicator fullScreen={false} label="Loading grant sets" />;
  } else {
    picker = (
      <Controller
        control={control}
        name="grantSets"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            value={field.value ?? []}
            onChange={field.onChange}
            error={fieldState.error?.message}
            label={`Grant sets (${chosen.length} chosen)`}
          >
            <ScrollArea.Autosize mah={360} type="auto" mt="xs">
              <Stack gap="md" pr="sm">
                {groups.map((group) => (
                  <Fieldset key={group.area} legend={group.area} variant="unstyled">
                    <Stack gap={8}>
                      {group.choices.map((c) => (
                        <Checkbox
                          key={c.name}
                          value={c.name}
                          disabled={readOnly || (!c.delegable && !field.value?.includes(c.name))}
                          label={
                            <Group gap={6} wrap="nowrap">
                              <span>{c.name}</span>
                              {!c.delegable && (
                                <Badge size="xs" color="gray" variant="light">
                                  Not yours to grant
                                </Badge>
                              )}
                            </Group>
                          }
                          description={c.description}
                        />
                      ))}
                    </Stack>
                  </Fieldset>
                ))}
                {groups.length === 0 && <Text c="dimmed">No grant set matches “{search}”.</Text>}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
        )}
      />
    );
  }

  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly}>
      <Textarea
        label="Description"
        autosize
        minRows={2}
        disabled={readOnly}
        error={formState.errors.description?.message}
        {...register('description')}
      />
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        aria-label="Search grant sets"
        placeholder="Search grant sets"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {picker}
    </AdminDialogForm>
  );
}
