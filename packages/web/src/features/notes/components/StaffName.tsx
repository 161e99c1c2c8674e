import type { Practitioner, Reference } from '@caseload/core';
import { useResource } from '../../../data/index.ts';

/**
 * A staff member's name: the reference's display, else the practitioner's as read through the
 * data layer (references written by other clients may carry no display), never a bare id.
 */
export function StaffName({ reference }: { reference: Reference | undefined }) {
  const lookup = useResource<Practitioner>(
    'Practitioners',
    !reference || reference.display || reference.resourceType !== 'Practitioner' ? undefined : reference.id,
  );
  if (!reference) return null;
  return <>{reference.display ?? lookup.item?.display ?? (lookup.loading ? '…' : 'a staff member')}</>;
}
