import type { Patient, PortalSubject, RelatedPerson } from '@caseload/core';
import { createContext } from 'react';

/** A portal login's own record: a patient's Patient, or a related person's RelatedPerson. */
export type PortalPerson = Patient | RelatedPerson;

/** Who is signed in to the portal, and whose chart it reaches. */
export interface PortalContextValue {
  subject: PortalSubject;
  /** The signed-in person's own record, as a reference (forms assigned to them name it as `author`). */
  me: { resourceType: PortalSubject; id: string };
  /** Their record, live: edits show at once. */
  person: PortalPerson;
  /** The collection that record is read from and saved to. */
  collection: 'Patients' | 'RelatedPeople';
  /** The patient whose chart the portal reaches: the patient's own id, or the related person's partition. */
  patientId: string;
}

export const PortalContext = createContext<PortalContextValue | null>(null);
