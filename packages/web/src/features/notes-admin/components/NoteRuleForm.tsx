import { NoteKinds, RulePresences, type NoteRule, type NoteRuleKind } from '@caseload/core';
import { Fieldset, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { useAdminForm } from '../../../ui/admin/useAdminForm.ts';
import { relabel, usePracticeLabels } from '../../practice/index.ts';
import { useReferTo } from '../hooks/useReferTo.ts';
import { noteRuleSchema, ruleFields, ruleFormValues, type NoteRuleFormValues } from '../utils/rule-form.ts';
import { presenceLabel, RULE_KINDS, ruleKindInfo } from '../utils/rule-kinds.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';
import { RuleParameterFields } from './RuleParameterFields.tsx';
import { ScopeFields } from './ScopeFields.tsx';

/**
 * A note rule: its kind (each with its own parameters), what it expects (presence), whether a
 * broken rule blocks signing or only warns, its own message, and which notes it applies to. Status
 * is the list's Publish/Retire: a new rule is a draft until published.
 */
export function NoteRuleForm({ item, onSave, onCancel, readOnly }: AdminFormProps<NoteRule>) {
  const labels = usePracticeLabels();
  const refer = useReferTo();
  const admin = useAdminForm<NoteRuleFormValues>(noteRuleSchema, ruleFormValues(item), (v) => onSave(ruleFields(v, refer)));
  const { register, control, formState, watch, setValue } = admin.form;
  const e = formState.errors;
  const info = ruleKindInfo(watch('kind'));
  const subject = relabel(info.subject, labels);
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly} gap="md">
      <Controller
        control={control}
        name="kind"
        render={({ field, fieldState }) => (
          <Select
            label="Kind"
            required
            description={relabel(info.description, labels)}
            data={RULE_KINDS.map((k) => ({ value: k.kind, label: relabel(k.label, labels) }))}
            allowDeselect={false}
            searchable
            disabled={readOnly || Boolean(item)}
            value={field.value}
            onChange={(kind) => {
              if (!kind) return;
              field.onChange(kind);
              // A new kind starts from what that kind usually expects.
              setValue('presence', ruleKindInfo(kind as NoteRuleKind).defaultPresence);
            }}
            error={fieldState.error?.message}
          />
        )}
      />
      <Fieldset legend="Settings">
        <RuleParameterFields control={control} fields={info.parameters} readOnly={readOnly} />
      </Fieldset>
      <Controller
        control={control}
        name="presence"
        render={({ field, fieldState }) => (
          <Select
            label="Presence"
            description="What the rule expects of the thing it examines."
            data={RulePresences.map((p) => ({ value: p, label: `${presenceLabel(p, subject)} · ${p}` }))}
            allowDeselect={false}
            disabled={readOnly}
            value={field.value}
            onChange={(v) => v && field.onChange(v)}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="severity"
        render={({ field }) => (
          <Stack gap={4}>
            <Text fw={500} fz="sm" id="rule-severity">
              When a note breaks it
            </Text>
            <SegmentedControl
              aria-labelledby="rule-severity"
              data={[
                { value: 'block', label: 'Block signing' },
                { value: 'warn', label: 'Warn only' },
              ]}
              disabled={readOnly}
              value={field.value}
              onChange={field.onChange}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
        )}
      />
      <Textarea
        label="Message"
        description="Replaces the built-in message; start with the field to fix (e.g. “Session time: …”). Empty: the built-in one."
        autosize
        minRows={2}
        disabled={readOnly}
        error={e.message?.message}
        {...register('message')}
      />
      <Fieldset legend="Applies to">
        <ScopeFields
          control={control}
          names={{ programs: 'programs', serviceTypes: 'serviceTypes', noteKinds: 'noteKinds' }}
          noteKinds={NoteKinds}
          readOnly={readOnly}
          emptyMeans="Empty: any."
        />
      </Fieldset>
    </AdminDialogForm>
  );
}
