import { applyCalculations, scoreAssessment, type Answers, type NoteSectionForm, type Questionnaire, type Reference } from '@caseload/core';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useResource } from '../../../data/index.ts';
import { QuestionnaireForm, ScoreSummary } from '../../forms/index.ts';

export interface SectionFormProps {
  /** A Form, or a NoteSectionForm whose form is answered. */
  form: Reference;
  answers: Answers | undefined;
  onChange?: (answers: Answers) => void;
  readOnly?: boolean;
  partition: string;
}

/**
 * A Form, Subform or Assessment section: the form renderer of issue 6 (QuestionnaireForm) on the
 * section's answers and, for a scored questionnaire (PHQ-9, GAD-7), its total, band and alerts as
 * answered, from the same scoring as the questionnaire's own screen.
 */
export function SectionForm({ form, answers, onChange, readOnly, partition }: SectionFormProps) {
  const holder = useResource<NoteSectionForm>('NoteSectionForms', form.resourceType === 'NoteSectionForm' ? form.id : undefined);
  const formRef = form.resourceType === 'NoteSectionForm' ? holder.item?.form : form;
  const collection = formRef?.resourceType === 'Questionnaire' ? 'Questionnaires' : 'Forms';
  const { item, loading, error } = useResource<Questionnaire>(collection, formRef?.id);
  useCalculatedAnswers(item, answers, onChange);
  if (!item) {
    if (loading || holder.loading) return <Skeleton height={120} radius="sm" aria-label="Loading the form" />;
    return (
      <Alert color="red" variant="light" role="alert" title="This form can't be shown">
        {error?.message ?? holder.error?.message ?? 'The requested data was not found.'}
      </Alert>
    );
  }
  const score = item.scoring ? scoreAssessment(item, answers ?? {}) : undefined;
  return (
    <Stack gap="sm">
      {score && <ScoreSummary score={score} instrument={item.title} />}
      <QuestionnaireForm
        questionnaire={item}
        response={{ answers: answers ?? {}, partition }}
        mode={readOnly ? 'readonly' : 'edit'}
        onChange={onChange ? (change) => onChange(change.answers) : undefined}
      />
    </Stack>
  );
}

/**
 * Answers written without the form at hand (a template's, prefilled into a new note) lack their
 * calculated items: the renderer shows them recomputed, and this stores them too, once, when the
 * stored answers differ from what the calculations give.
 */
function useCalculatedAnswers(
  questionnaire: Questionnaire | undefined,
  answers: Answers | undefined,
  onChange: ((answers: Answers) => void) | undefined,
) {
  useEffect(() => {
    if (!questionnaire || !onChange) return;
    const given = answers ?? {};
    const calculated = applyCalculations(questionnaire.items ?? [], given);
    if (JSON.stringify(calculated) !== JSON.stringify(given)) onChange(calculated);
    // Only when the form arrives: afterwards the renderer reports every recalculation itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not on every answer
  }, [questionnaire]);
}
