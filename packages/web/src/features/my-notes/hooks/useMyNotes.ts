import type { Note } from '@caseload/core';
import { useMemo } from 'react';
import { usePagedQuery, type UsePagedQueryResult } from '../../../data/index.ts';
import { profileReference, useCurrentPractice } from '../../practice/index.ts';
import { myNotesRequest, type MyNotesFilter } from '../utils/my-notes-query.ts';

export interface MyNotes extends UsePagedQueryResult<Note> {
  /** The signed-in Practitioner's id; undefined when acting as someone who writes no notes. */
  practitionerId: string | undefined;
}

/** The notes the signed-in practitioner wrote, across patients, filtered and a page at a time. */
export function useMyNotes(filter: MyNotesFilter): MyNotes {
  const { current } = useCurrentPractice();
  const profile = profileReference(current);
  const practitionerId = profile?.resourceType === 'Practitioner' ? profile.id : undefined;
  // Someone without a Practitioner profile matches nothing (an id no resource has) rather than everything.
  const request = useMemo(() => myNotesRequest(practitionerId ?? '-', filter), [practitionerId, filter]);
  const notes = usePagedQuery<Note>('Notes', request);
  return useMemo(() => ({ ...notes, practitionerId }), [notes, practitionerId]);
}
