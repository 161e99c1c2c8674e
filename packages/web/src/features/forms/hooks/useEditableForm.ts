import type { Answers, ResponseSignature } from '@caseload/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { cleanAnswers, initialAnswers, logicSources } from '../utils/form-answers.ts';
import { FormLogicStore } from '../utils/form-logic-store.ts';
import { questionnaireResolver } from '../utils/form-resolver.ts';
import type { FormRuntime, SignatureCapture } from './form-runtime-context.ts';
import type { QuestionnaireFormProps } from '../components/QuestionnaireForm.tsx';

export interface EditableFormState {
  /** The answers as react-hook-form holds them. */
  form: UseFormReturn<Answers>;
  /** The questionnaire's live conditions and calculations. */
  logic: FormLogicStore;
  /** What every row shares (FormRuntimeContext). */
  runtime: FormRuntime;
  /** Completing: checks every answer and signature, then `onSubmit`; else says how many need attention. */
  submit: () => Promise<void>;
  /** The last completing's "N answers need attention", if any. */
  summary: string | undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A form being answered: the answers (react-hook-form, checked by the questionnaire's rules), the
 * calculations kept current as answers change, the signatures (the server's and those drawn
 * here), and every change reported to `onChange`.
 */
export function useEditableForm({
  questionnaire,
  response,
  onChange,
  onSubmit,
  onSign,
}: Pick<QuestionnaireFormProps, 'questionnaire' | 'response' | 'onChange' | 'onSubmit' | 'onSign'>): EditableFormState {
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
    setSignatures((mine) => [
      ...theirs,
      ...mine.filter((s) => !theirs.some((t) => t.image.id === s.image.id && t.signedAt === s.signedAt)),
    ]);
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

  return { form, logic, runtime, submit, summary };
}
