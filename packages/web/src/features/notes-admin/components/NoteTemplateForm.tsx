import type { Encounter, NoteTemplate } from '@caseload/core';
import { Select, Text, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { NoteSectionEditor } from '../../notes/index.ts';
import { usePracticePreferences } from '../../practice/index.ts';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { AdminDialogForm } from '../../../ui/admin/AdminDialogForm.tsx';
import { useNoteTemplateForm } from '../hooks/useNoteTemplateForm.ts';
import { prefillable } from '../utils/template-form.ts';

/** The section editor needs an encounter; a template has none (no prefillable element reads it). */
const NO_ENCOUNTER = { resourceType: 'Encounter', id: '', meta: { versionId: '' }, participants: [] } as unknown as Encounter;

/**
 * A practice template: prefilled content for a note definition. Each Narrative section of the
 * definition gets its starting text, and each Form, Subform or Assessment section its answers,
 * filled in the same form renderer the note editor uses; a clinician starting a note from the
 * template begins there.
 */
export function NoteTemplateForm({ item, onSave, onCancel, readOnly }: AdminFormProps<NoteTemplate>) {
  const { admin, options, picked, prefilled, answers, setAnswers } = useNoteTemplateForm(item, onSave);
  const { values: preferences } = usePracticePreferences();
  const { register, control } = admin.form;
  return (
    <AdminDialogForm admin={admin} onCancel={onCancel} readOnly={readOnly} gap="md">
      <Controller
        control={control}
        name="definition"
        render={({ field, fieldState }) => (
          <Select
            label="Note definition"
            required
            data={options}
            searchable
            disabled={readOnly || Boolean(item)}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            nothingFoundMessage="No note definitions yet"
            placeholder="Pick one"
          />
        )}
      />
      {picked && prefilled.length === 0 && (
        <Text fz="sm" c="dimmed">
          This definition has no narrative or form sections to prefill.
        </Text>
      )}
      {prefilled.map((s) =>
        s.kind === 'Narrative' ? (
          <Textarea
            key={s.key}
            label={s.title}
            description={s.help}
            autosize
            minRows={3}
            disabled={readOnly}
            {...register(`narratives.${s.key}`)}
          />
        ) : (
          <NoteSectionEditor
            key={`${picked!.id}:${s.key}`}
            section={{ key: s.key, title: s.title, kind: s.kind, ...(s.form && { form: s.form }), answers: answers[s.key] }}
            definition={prefillable(s)}
            onChange={(change) =>
              setAnswers((all) => ({ ...all, [s.key]: change({ key: s.key, kind: s.kind, answers: all[s.key] }).answers ?? {} }))
            }
            encounter={NO_ENCOUNTER}
            conditions={[]}
            choiceLists={preferences}
            partition=""
            readOnly={readOnly}
          />
        ),
      )}
    </AdminDialogForm>
  );
}
