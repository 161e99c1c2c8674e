import type { Answers, Questionnaire, QuestionnaireItem, QuestionnaireResponse, ResponseSignature } from '@caseload/core';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { FormProvider } from 'react-hook-form';
import { FormLogicContext } from '../hooks/form-logic-context.ts';
import { FormRuntimeContext, type SignatureCapture } from '../hooks/form-runtime-context.ts';
import { useEditableForm } from '../hooks/useEditableForm.ts';
import { ProgressiveFormItemList } from './FormItems.tsx';
import { ReadOnlyForm } from './ReadOnlyForm.tsx';

/** What the form reports as it changes: the answers as typed (empty ones removed) and the signatures. */
export interface ResponseChange {
  answers: Answers;
  signatures: ResponseSignature[];
}

export type QuestionnaireFormMode = 'edit' | 'readonly' | 'print';

export interface QuestionnaireFormProps {
  questionnaire: Pick<Questionnaire, 'items'> & Partial<Pick<Questionnaire, 'title' | 'description'>>;
  /** The response shown; its answers are the form's starting values (later changes to them are not re-applied while editing). */
  response?: Partial<Pick<QuestionnaireResponse, 'answers' | 'signatures' | 'partition'>>;
  /** Every change (typing, a calculation, a signature); cheap to call, so debounce saving in the caller. */
  onChange?: (change: ResponseChange) => void;
  mode?: QuestionnaireFormMode;
  /** Completing: called once every required answer and signature is there and every answer is valid. */
  onSubmit?: (change: ResponseChange) => Promise<void> | void;
  submitLabel?: string;
  /** Stores a drawn signature (as Media content) and answers its record; absent: signing is not offered. */
  onSign?: (capture: SignatureCapture, answers: Answers) => Promise<ResponseSignature>;
  /** Shows the title and description above the questions. */
  showTitle?: boolean;
}

/**
 * The form renderer used everywhere (issue 6): every question type and display variant, live
 * conditions and calculations, per-question errors with the product's messages, signatures, and
 * read-only and print modes. It holds the answers itself (react-hook-form); the caller saves
 * what `onChange` reports (see useResponseAutosave).
 */
export function QuestionnaireForm(props: QuestionnaireFormProps) {
  const { mode = 'edit', questionnaire, showTitle } = props;
  return (
    <Stack gap="sm" className="questionnaire-form" data-mode={mode}>
      {showTitle && questionnaire.title && <Title order={2}>{questionnaire.title}</Title>}
      {showTitle && questionnaire.description && <Text c="dimmed">{questionnaire.description}</Text>}
      {mode === 'edit' ? (
        <EditableForm {...props} />
      ) : (
        <ReadOnlyForm
          questionnaire={questionnaire}
          answers={props.response?.answers ?? {}}
          signatures={props.response?.signatures ?? []}
          print={mode === 'print'}
        />
      )}
    </Stack>
  );
}

const EMPTY_ITEMS: QuestionnaireItem[] = [];

function EditableForm({ questionnaire, response, onChange, onSubmit, submitLabel = 'Submit', onSign }: QuestionnaireFormProps) {
  const { form, logic, runtime, submit, summary } = useEditableForm({ questionnaire, response, onChange, onSubmit, onSign });

  return (
    <FormLogicContext.Provider value={logic}>
      <FormRuntimeContext.Provider value={runtime}>
        <FormProvider {...form}>
          <form
            noValidate
            aria-label="Questionnaire"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <ProgressiveFormItemList items={questionnaire.items ?? EMPTY_ITEMS} />
            {summary && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" mb="sm">
                {summary}
              </Alert>
            )}
            {onSubmit && (
              <Group className="questionnaire-actions">
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {submitLabel}
                </Button>
              </Group>
            )}
          </form>
        </FormProvider>
      </FormRuntimeContext.Provider>
    </FormLogicContext.Provider>
  );
}
