import type { HealthcareService } from '@caseload/core';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { WholeNumberField } from '../../../ui/WholeNumberField.tsx';
import type { InferType } from '../../../ui/yup.ts';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
import { serviceSchema } from '../utils/admin-schemas.ts';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';

type Values = InferType<typeof serviceSchema>;

/** The three service flags of SPEC.md section 3, each with what it changes. */
const FLAGS = [
  { value: 'Billable', label: 'Billable', help: 'Sessions of this service are billed.' },
  { value: 'SupportsGroups', label: 'Supports groups', help: 'The service can be given to a group in one group note.' },
  { value: 'RequireUnits', label: 'Requires units', help: 'Notes record the service in billing units of a fixed length.' },
] as const;

/** A healthcare service (a service type): its name, service type code, flags and unit length. */
export function ServiceForm({ item, onSave, onCancel, readOnly }: AdminFormProps<HealthcareService>) {
  const admin = useAdminForm<Values>(
    serviceSchema,
    { name: item?.name ?? '', code: item?.code?.code ?? '', flags: [...(item?.flags ?? [])], unitMinutes: item?.unitMinutes },
    (v) =>
      onSave({
        name: v.name,
        code: v.code ? { ...item?.code, code: v.code } : undefined,
        flags: v.flags,
        unitMinutes: v.flags.includes('RequireUnits') ? v.unitMinutes : undefined,
      }),
  );
  const { register, control, formState, watch } = admin.form;
  const e = formState.errors;
  const requiresUnits = watch('flags')?.includes('RequireUnits');
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly}>
      <TextInput
        label="Service type code"
        description="The billing code of the service, e.g. CPT 90837."
        disabled={readOnly}
        error={e.code?.message}
        {...register('code')}
      />
      <Controller
        control={control}
        name="flags"
        render={({ field }) => (
          <Checkbox.Group label="Flags" value={field.value ?? []} onChange={field.onChange} error={e.flags?.message}>
            <Stack gap="xs" mt={6}>
              {FLAGS.map((f) => (
                <Checkbox key={f.value} value={f.value} label={f.label} description={f.help} disabled={readOnly} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      />
      {requiresUnits && (
        <WholeNumberField
          control={control}
          name="unitMinutes"
          label="Minutes per unit"
          description="How long one billing unit is."
          required
          min={1}
          max={1440}
          disabled={readOnly}
        />
      )}
    </AdminDialogForm>
  );
}
