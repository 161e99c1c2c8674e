import type { Resource } from '@caseload/core';
import { useState } from 'react';
import { useCollection, useDataLayer } from '../../../data/index.ts';
import { useCan } from '../../practice/index.ts';

export interface PersonalSignatureState {
  /** The practitioner's PersonalSignature, if they have one. */
  signature: Resource | undefined;
  loading: boolean;
  /** The viewer may set it: their own profile, and the record may be written. */
  maySet: boolean;
  /** Why the last upload failed, if it did. */
  error: unknown;
  /** Stores the chosen image as the signature's content (creating the record first if there is none). */
  choose: (file: File | null) => Promise<void>;
}

/** A practitioner's signature image (the content of their PersonalSignature) and setting it. */
export function usePersonalSignature(practitionerId: string, name: string, own: boolean): PersonalSignatureState {
  const layer = useDataLayer();
  const { items, loading } = useCollection<Resource>('PersonalSignatures', {
    filters: [{ field: 'owner.id', op: 'eq', value: practitionerId }],
  });
  const signature = items.find((s) => !s.meta?.isDeleted);
  const [error, setError] = useState<unknown>(null);
  // The record is created first when there is none, then its content uploaded (an update).
  const mayCreate = useCan('Create', 'PersonalSignature');
  const mayUpdate = useCan('Update', 'PersonalSignature');
  const maySet = own && mayUpdate && (signature !== undefined || mayCreate);

  const choose = async (file: File | null) => {
    setError(null);
    if (!file) return;
    try {
      const target =
        signature ??
        (await layer.upsert<Resource>('PersonalSignatures', { resourceType: 'PersonalSignature', display: `Signature of ${name}` }));
      await layer.upload('PersonalSignatures', target, file, file.type || 'application/octet-stream');
    } catch (e) {
      setError(e);
    }
  };

  return { signature, loading, maySet, error, choose };
}
