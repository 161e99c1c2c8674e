import type { CarePlan } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection, type UseCollectionResult } from '../../../data/index.ts';
import { plansInOrder } from '../utils/goal-thread-view.ts';

/** The patient's care plans from the device's store, the active ones first. */
export function usePatientCarePlanList(patientId: string): { plans: CarePlan[]; collection: UseCollectionResult<CarePlan> } {
  const collection = useCollection<CarePlan>('CarePlans', { partition: patientId });
  const plans = useMemo(() => plansInOrder(collection.items), [collection.items]);
  return { plans, collection };
}
