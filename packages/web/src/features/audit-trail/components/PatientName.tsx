import type { Patient } from '@caseload/core';
import { useResource } from '../../../data/index.ts';
import { patientName } from '../../patients/index.ts';

export interface PatientNameProps {
  patientId: string;
  /** Add the MRN after the name. */
  withMrn?: boolean;
}

/**
 * A patient an event names, by name: read by id (the reads of a screenful go as one query), so
 * it is the caller's reach that decides; a patient out of reach or since removed shows by id.
 */
export function PatientName({ patientId, withMrn = false }: PatientNameProps) {
  const { item, loading } = useResource<Patient>('Patients', patientId);
  if (!item) return <>{loading ? 'Loading…' : `Patient ${shortId(patientId)}`}</>;
  const name = patientName(item);
  return <>{withMrn && item.mrn ? `${name} · MRN ${item.mrn}` : name}</>;
}

/** The first 8 characters of a long id, for a label (the detail shows it whole). */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}
