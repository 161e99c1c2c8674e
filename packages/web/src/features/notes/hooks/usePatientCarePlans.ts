import type { CarePlan } from '@caseload/core';
import { useCollection, type UseCollectionResult } from '../../../data/index.ts';

/** The patient's care plans, live from the device's store (the note's goal sections read them). */
export function usePatientCarePlans(partition: string): UseCollectionResult<CarePlan> {
  return useCollection<CarePlan>('CarePlans', { partition });
}
