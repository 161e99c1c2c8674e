import type { Practitioner, Reference } from '@caseload/core';
import { useMemo } from 'react';
import { useResource } from '../../../data/index.ts';
import { profileReference, useCurrentPractice } from '../../practice/index.ts';

/**
 * The acting profile as a note's author (a Practitioner, with its display so lists can name
 * them), or undefined when acting as someone else.
 */
export function useNoteAuthor(): Reference | undefined {
  const { current } = useCurrentPractice();
  const ref = profileReference(current);
  const id = ref?.resourceType === 'Practitioner' ? ref.id : undefined;
  const practitioner = useResource<Practitioner>('Practitioners', id);
  const display = practitioner.item?.display;
  return useMemo(() => (id ? { resourceType: 'Practitioner', id, ...(display && { display }) } : undefined), [id, display]);
}
