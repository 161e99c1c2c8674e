import { useEffect, useState } from 'react';
import { useCurrentPractice } from '../../practice/index.ts';
import { getAuthorizationUsage, type AuthorizationUsageAnswer } from '../api/notes.api.ts';

/**
 * The patient's authorisations less what their other signed notes used, read from the server when
 * an Authorization rule is in force (`wanted`), again when the coverages change. Undefined while
 * unread or unreachable (offline): the rule then reads the coverages as recorded, and the server
 * deducts the usage at signing anyway.
 */
export function useAuthorizationUsage(wanted: boolean, query: { patient: string; note?: string; encounter?: string }, coverages: unknown): AuthorizationUsageAnswer | undefined {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const [answer, setAnswer] = useState<AuthorizationUsageAnswer>();
  const { patient, note, encounter } = query;
  useEffect(() => {
    if (!wanted || !practiceId || !patient) return undefined;
    let current = true;
    getAuthorizationUsage(practiceId, { patient, note, encounter }).then(
      (a) => current && setAnswer(a),
      () => current && setAnswer(undefined),
    );
    return () => {
      current = false;
    };
  }, [wanted, practiceId, patient, note, encounter, coverages]);
  return wanted ? answer : undefined;
}
