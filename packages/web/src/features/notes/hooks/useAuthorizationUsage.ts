import { useMemo } from 'react';
import { useServerRead } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { getAuthorizationUsage, type AuthorizationUsageAnswer } from '../api/notes.api.ts';

/**
 * The patient's authorisations less what their other signed notes used, read from the server when
 * an Authorization rule is in force (`wanted`), again when the coverages change. Undefined while
 * unread or unreachable (offline): the rule then reads the coverages as recorded, and the server
 * deducts the usage at signing anyway.
 */
export function useAuthorizationUsage(
  wanted: boolean,
  query: { patient: string; note?: string; encounter?: string },
  coverages: unknown,
): AuthorizationUsageAnswer | undefined {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const { patient, note, encounter } = query;
  const read = useMemo(
    () =>
      wanted && practiceId && patient
        ? () => getAuthorizationUsage(practiceId, { patient, note, encounter }).catch(() => undefined)
        : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- coverages: read again when they change
    [wanted, practiceId, patient, note, encounter, coverages],
  );
  const { value: answer } = useServerRead(read);
  return wanted ? answer : undefined;
}
