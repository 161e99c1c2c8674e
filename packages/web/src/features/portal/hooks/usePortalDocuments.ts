import type { DocumentReference } from '@caseload/core';
import { useMemo } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { useCollection } from '../../../data/index.ts';
import { byDateDesc } from '../../documents/index.ts';
import { usePortal } from './usePortal.ts';

/**
 * The documents the care team shared with the patient, newest first, live. The server answers a
 * portal login only those (reach `shared`); the filter keeps one whose sharing just stopped off
 * the device's copy too.
 */
export function usePortalDocuments(): { documents: DocumentReference[]; loading: boolean; error?: ApiError } {
  const { patientId } = usePortal();
  const { items, loading, error } = useCollection<DocumentReference>('DocumentReferences', { partition: patientId });
  const documents = useMemo(() => items.filter((d) => d.sharedWithPatient === true).sort(byDateDesc), [items]);
  return { documents, loading, error };
}
