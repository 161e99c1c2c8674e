import type { CarePlan } from '@caseload/core';
import { useMemo } from 'react';
import { usePagedQuery, type PagedQueryRequest } from '../../../data/index.ts';
import { profileReference, useCurrentPractice } from '../../practice/index.ts';
import { myPlansInOrder } from '../utils/my-plans.ts';

/** Enough for one clinician's caseload of plans; the area says when there may be more. */
const PAGE = 200;

export interface MyCarePlans {
  plans: CarePlan[];
  loading: boolean;
  error?: unknown;
  /** More plans than one page on either side. */
  more: boolean;
  practitionerId: string | undefined;
}

/** The plans the signed-in practitioner wrote or is on the care team of, across patients, active first (two server searches, merged). */
export function useMyCarePlans(): MyCarePlans {
  const profile = profileReference(useCurrentPractice().current);
  const me = profile?.resourceType === 'Practitioner' ? profile.id : undefined;
  const request = (field: string): PagedQueryRequest | undefined =>
    me ? { filters: [{ field, op: 'eq', value: me }], crossPartition: true, pageSize: PAGE } : undefined;
  const authored = usePagedQuery<CarePlan>('CarePlans', request('author.id'));
  const onTeam = usePagedQuery<CarePlan>('CarePlans', request('careTeam.id'));
  return useMemo(
    () => ({
      plans: myPlansInOrder(authored.items, onTeam.items),
      loading: authored.loading || onTeam.loading,
      error: authored.error ?? onTeam.error,
      more: authored.hasMore || onTeam.hasMore,
      practitionerId: me,
    }),
    [authored.items, authored.loading, authored.error, authored.hasMore, onTeam.items, onTeam.loading, onTeam.error, onTeam.hasMore, me],
  );
}
