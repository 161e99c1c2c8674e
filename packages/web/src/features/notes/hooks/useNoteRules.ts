import { evaluateNoteRules, type NoteRule, type RuleResult } from '@caseload/core';
import { useMemo } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { useCollection } from '../../../data/index.ts';
import { editorRuleContext, type EditorRuleInputs } from '../utils/editor-rule-context.ts';
import { useAuthorizationUsage } from './useAuthorizationUsage.ts';

const ACTIVE = [{ field: 'status', op: 'eq' as const, value: 'Active' }];

export interface NoteRuleResults {
  results: RuleResult[];
  blocking: RuleResult[];
  warnings: RuleResult[];
  /** The practice's rules are being read. */
  loading: boolean;
  /** They could not be read (the server still checks them at signing). */
  error?: ApiError;
}

/**
 * The practice's Active note rules (read through the data layer) run live on the editor's copy
 * with core's evaluateNoteRules, the same evaluator the server runs at signing.
 */
export function useNoteRules(inputs: Omit<EditorRuleInputs, 'now' | 'authorizationUsage'>): NoteRuleResults {
  const rules = useCollection<NoteRule>('NoteRules', { filters: ACTIVE });
  const { note, encounter, preferences, labels, birthDate, coverages, services } = inputs;
  const wantsUsage = rules.items.some((r) => r.kind === 'Authorization');
  const authorizationUsage = useAuthorizationUsage(
    wantsUsage,
    { patient: encounter.partition, note: note.id, encounter: encounter.id },
    coverages,
  );
  const results = useMemo(
    () =>
      evaluateNoteRules(
        rules.items,
        editorRuleContext({ note, encounter, preferences, labels, birthDate, coverages, services, authorizationUsage, now: new Date() }),
      ),
    [rules.items, note, encounter, preferences, labels, birthDate, coverages, services, authorizationUsage],
  );
  return useMemo(
    () => ({
      results,
      blocking: results.filter((r) => r.severity === 'block'),
      warnings: results.filter((r) => r.severity === 'warn'),
      loading: rules.loading && rules.items.length === 0,
      error: rules.error,
    }),
    [results, rules.loading, rules.items.length, rules.error],
  );
}
