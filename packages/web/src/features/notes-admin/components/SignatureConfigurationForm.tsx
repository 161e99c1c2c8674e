import { DEFAULT_AUTHOR_ATTESTATION, DEFAULT_CO_SIGNER_ATTESTATION, NoteKinds, type SignatureConfiguration } from '@caseload/core';
import { Fieldset, Radio, Stack, Switch, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';
import { ReferencesField } from '../../../ui/admin/ReferenceFields.tsx';
import { relabel, usePracticeLabels } from '../../practice/index.ts';
import { useReferTo } from '../hooks/useReferTo.ts';
import {
  CO_SIGNATURE_CHOICES,
  PATIENT_SIGNATURE_CHOICES,
  signatureFields,
  signatureFormValues,
  signatureSchema,
  type SignatureFormValues,
} from '../utils/signature-form.ts';
import { ScopeFields } from './ScopeFields.tsx';

/**
 * Who must sign which notes: the author, a supervisor's co-signature (always, or for authors with
 * no licence on the session date), a patient or related person; services whose notes need the
 * author only; and what the author and a co-signer attest (blank: the default wording). The most
 * specific active configuration that matches a note decides (docs/notes.md).
 */
export function SignatureConfigurationForm({ item, onSave, onCancel, readOnly }: AdminFormProps<SignatureConfiguration>) {
  const labels = usePracticeLabels();
  const refer = useReferTo();
  const admin = useAdminForm<SignatureFormValues>(signatureSchema, signatureFormValues(item), (v) => onSave(signatureFields(v, refer)));
  const { control, register, formState } = admin.form;
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly} gap="md">
      <Fieldset legend="Which notes">
        <ScopeFields
          control={control}
          names={{ programs: 'programs', serviceTypes: 'serviceTypes', noteKinds: 'noteKinds' }}
          noteKinds={NoteKinds}
          readOnly={readOnly}
          emptyMeans="Empty: any."
        />
      </Fieldset>
      <Fieldset legend="Who signs">
        <Stack gap="md">
          <Controller
            control={control}
            name="authorSignature"
            render={({ field }) => (
              <Switch
                label="The author signs"
                description="The note's author signs it first."
                checked={field.value}
                onChange={(ev) => field.onChange(ev.currentTarget.checked)}
                disabled={readOnly}
              />
            )}
          />
          <Controller
            control={control}
            name="supervisorCoSignature"
            render={({ field, fieldState }) => (
              <Radio.Group label="Co-signature" value={field.value} onChange={field.onChange} error={fieldState.error?.message}>
                <Stack gap="xs" mt={6}>
                  {CO_SIGNATURE_CHOICES.map((c) => (
                    <Radio key={c.value} value={c.value} label={c.label} description={c.help} disabled={readOnly} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          <Controller
            control={control}
            name="patientSignature"
            render={({ field, fieldState }) => (
              <Radio.Group
                label={relabel('Patient signature', labels)}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              >
                <Stack gap="xs" mt={6}>
                  {PATIENT_SIGNATURE_CHOICES.map((c) => (
                    <Radio
                      key={c.value}
                      value={c.value}
                      label={relabel(c.label, labels)}
                      description={relabel(c.help, labels)}
                      disabled={readOnly}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
        </Stack>
      </Fieldset>
      <ReferencesField
        control={control}
        name="serviceTypeExclusions"
        collection="HealthcareServices"
        label="Services signed by the author only"
        description="Notes of these services need no co-signature or patient signature (besides the practice-wide list in Preferences)."
        disabled={readOnly}
      />
      <Fieldset legend="What signers attest">
        <Stack gap="md">
          <Textarea
            label="The author attests"
            description="Shown when the author signs and recorded on the signature. Left blank, the default shown faintly applies."
            placeholder={DEFAULT_AUTHOR_ATTESTATION}
            autosize
            minRows={2}
            readOnly={readOnly}
            error={formState.errors.authorAttestation?.message}
            {...register('authorAttestation')}
          />
          <Textarea
            label="A co-signing supervisor attests"
            description="Shown when a supervisor co-signs and recorded on the co-signature. Left blank, the default shown faintly applies."
            placeholder={DEFAULT_CO_SIGNER_ATTESTATION}
            autosize
            minRows={2}
            readOnly={readOnly}
            error={formState.errors.coSignerAttestation?.message}
            {...register('coSignerAttestation')}
          />
        </Stack>
      </Fieldset>
    </AdminDialogForm>
  );
}
