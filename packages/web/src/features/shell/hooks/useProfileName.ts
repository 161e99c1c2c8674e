import type { Resource } from '@caseload/core';
import { useResource } from '../../../data/index.ts';
import { profileReference, useCurrentPractice } from '../../practice/index.ts';

const COLLECTIONS: Record<string, string> = { Practitioner: 'Practitioners', Patient: 'Patients', RelatedPerson: 'RelatedPeople' };

/** The signed-in profile's display name in the current practice, once read; undefined until then. */
export function useProfileName(): string | undefined {
  const { current } = useCurrentPractice();
  const ref = profileReference(current);
  const { item } = useResource<Resource>(ref ? (COLLECTIONS[ref.resourceType] ?? `${ref.resourceType}s`) : 'Practitioners', ref?.id);
  return typeof item?.display === 'string' && item.display.trim() ? item.display : undefined;
}
