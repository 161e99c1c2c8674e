import type { Questionnaire } from '@caseload/core';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useResource } from '../../../../data/index.ts';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import type { BuilderDraft } from '../../hooks/useFormBuilder.ts';
import { collectionOf } from '../../hooks/useSaveQuestionnaire.ts';
import { BuilderScreen } from './BuilderScreen.tsx';

export interface FormBuilderProps {
  /** The definition edited; absent: a new one. */
  id?: string;
  kind: Questionnaire['resourceType'];
}

const blank = (kind: Questionnaire['resourceType']): BuilderDraft => ({ resourceType: kind, title: '', status: 'Draft', items: [] });

/** The builder for an existing definition waits for it, then edits a copy. */
export function FormBuilder({ id, kind }: FormBuilderProps) {
  const { item, loading, error } = useResource<Questionnaire>(collectionOf(kind), id);
  if (id && !item) {
    if (loading) return <LoadingIndicator fullScreen={false} label="Loading the form" />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This form can't be opened">
        {error?.message ?? 'The requested data was not found.'}
      </Alert>
    );
  }
  return <BuilderScreen key={item?.id ?? 'new'} initial={item ?? blank(kind)} live={item} kind={kind} />;
}
