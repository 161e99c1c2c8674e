import type { Resource } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection, useDelete } from '../../../data/index.ts';
import { useSaveResource } from '../../../ui/admin/useSaveResource.ts';
import { profileReference, useCan, useCurrentPractice, useResourceActions } from '../../practice/index.ts';

export interface SpeechRule extends Resource {
  spoken: string;
  written: string;
  active?: boolean;
  scope: 'practice' | 'personal';
  author?: { resourceType: string; id: string };
}
export type SpeechRuleTemplate = Resource & { spoken: string; written: string; active?: boolean };

/**
 * The practice's speech rules and the user's personal ones (read and written through the data
 * layer and write queue), the global templates, and what the user may write: their own personal
 * rules, and practice rules with SpeechRule create/update/delete.
 */
export function useSpeechRules() {
  const me = profileReference(useCurrentPractice().current);
  const rules = useCollection<SpeechRule>('SpeechRules');
  const templates = useCollection<SpeechRuleTemplate>('SpeechRuleTemplates');
  const actions = useResourceActions('SpeechRule');
  const canDelete = useCan('Delete', 'SpeechRule');
  const save = useSaveResource<SpeechRule>('SpeechRules');
  const remove = useDelete('SpeechRules');
  const mine = (r: SpeechRule) => r.scope === 'personal' && !!me && r.author?.id === me.id;
  const visible = useMemo(
    () => rules.items.filter((r) => r.scope === 'practice' || mine(r)).sort((a, b) => a.spoken.localeCompare(b.spoken)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rules.items, me?.id],
  );
  const canWrite = (r: SpeechRule) => (r.scope === 'personal' ? mine(r) : actions.update);
  return {
    rules: visible,
    templates: [...templates.items].sort((a, b) => a.spoken.localeCompare(b.spoken)),
    loading: rules.loading && rules.items.length === 0,
    error: rules.error,
    canAdd: actions.create,
    canAddPractice: actions.create && actions.update,
    canWrite,
    canDelete: (r: SpeechRule) => (r.scope === 'personal' ? mine(r) : canDelete),
    save,
    remove,
  };
}
