import type { Answers, Questionnaire, QuestionnaireItem, QuestionnaireResponse, ResponseSignature } from '@caseload/core';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { FormLogicContext } from '../hooks/form-logic-context.ts';
import { FormRuntimeContext, type FormRuntime, type SignatureCapture } from '../hooks/form-runtime-context.ts';
import { cleanAnswers, initialAnswers, logicSources } from '../utils/form-answers.ts';
import { FormLogicStore } from '../utils/form-logic-store.ts';
import { questionnaireResolver } from '../utils/form-resolver.ts';
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
        <ReadOnlyForm questionnaire={questionnaire} answers={props.response?.answers ?? {}} signatures={props.response?.signatures ?? []} print={mode === 'print'} />
      )}
    </Stack>
  );
}

const EMPTY_ITEMS: QuestionnaireItem[] = [];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function EditableForm({ questionnaire, response, onChange, onSubmit, submitLabel = 'Submit', onSign }: QuestionnaireFormProps) {
  const [defaults] = useState(() => ({ ...initialAnswers(questionnaire.items ?? []), ...(response?.answers ?? {}) }));
  const [logic] = useState(() => new FormLogicStore(questionnaire, defaults));
  const [signatures, setSignatures] = useState<ResponseSignature[]>(response?.signatures ?? []);
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string>();
  const state = useRef({ complete: false, signatures });
  state.current.signatures = signatures;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const resolver = useMemo(() => questionnaireResolver(questionnaire, logic, () => state.current), [questionnaire, logic]);
  const form = useForm({ defaultValues: defaults, resolver, mode: 'onChange' });

  // The server's copy may carry signatures voided since (an answer changed after signing).
  const incoming = JSON.stringify(response?.signatures ?? []);
  useEffect(() => {
    const theirs = JSON.parse(incoming) as ResponseSignature[];
    setSignatures((mine) => [...theirs, ...mine.filter((s) => !theirs.some((t) => t.image.id === s.image.id && t.signedAt === s.signedAt))]);
  }, [incoming]);

  useEffect(() => {
    const sources = logicSources(questionnaire);
    const calculated = Object.keys(logic.current.calculated);
    let applying = false;
    const apply = () => {
      applying = true;
      const next = logic.update(cleanAnswers(form.getValues()));
      const ids = new Set([...calculated, ...Object.keys(next.calculated)]);
      for (const id of ids) if (!same(form.getValues(id), next.calculated[id])) form.setValue(id, next.calculated[id]);
      calculated.splice(0, calculated.length, ...Object.keys(next.calculated));
      applying = false;
    };
    apply();
    const subscription = form.watch((_values, { name }) => {
      if (applying) return;
      if (!name || sources.has(name.split('.')[0]!)) apply();
      onChangeRef.current?.({ answers: cleanAnswers(form.getValues()), signatures: state.current.signatures });
    });
    return () => subscription.unsubscribe();
  }, [form, logic, questionnaire]);

  const sign = useMemo(
    () =>
      onSign &&
      (async (capture: SignatureCapture) => {
        const answers = cleanAnswers(form.getValues());
        const signature = await onSign(capture, answers);
        setPreviews((p) => ({ ...p, [signature.image.id]: capture.preview }));
        const next = [...state.current.signatures, signature];
        state.current.signatures = next;
        setSignatures(next);
        form.clearErrors(capture.linkId);
        onChangeRef.current?.({ answers, signatures: next });
      }),
    [onSign, form],
  );

  const runtime = useMemo<FormRuntime>(
    () => ({ questionnaire, logic, partition: response?.partition, signatures, previews, sign }),
    [questionnaire, logic, response?.partition, signatures, previews, sign],
  );

  const submit = async () => {
    setSummary(undefined);
    state.current.complete = true;
    try {
      await form.handleSubmit(
        async () => {
          await onSubmit?.({ answers: cleanAnswers(form.getValues()), signatures: state.current.signatures });
        },
        (errors) => {
          const count = Object.keys(errors).length;
          setSummary(count === 1 ? '1 answer needs attention.' : `${count} answers need attention.`);
        },
      )();
    } finally {
      state.current.complete = false;
    }
  };

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
