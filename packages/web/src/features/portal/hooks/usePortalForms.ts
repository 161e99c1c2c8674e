import type { QuestionnaireResponse } from '@caseload/core';
import { useMemo } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { useCollection } from '../../../data/index.ts';
import { portalForms, type PortalForms } from '../utils/portal-forms.ts';
import { usePortal } from './usePortal.ts';

export interface PortalFormsState extends PortalForms {
  loading: boolean;
  error?: ApiError;
}

/**
 * The forms assigned to the signed-in person (responses in the chart naming them as `author`),
 * live: the ones to fill in and the ones sent. The server is asked for those responses only.
 */
export function usePortalForms(): PortalFormsState {
  const { me, patientId } = usePortal();
  const { items, loading, error } = useCollection<QuestionnaireResponse>('QuestionnaireResponses', {
    partition: patientId,
    filters: [{ field: 'author.id', op: 'eq', value: me.id }],
  });
  const forms = useMemo(() => portalForms(items, me), [items, me]);
  return { ...forms, loading, error };
}
