import {
  formatName,
  signatureRequirements,
  type Encounter,
  type Note,
  type PracticePreferenceValues,
  type Reference,
  type RelatedPerson,
  type Resource,
  type SignatureConfiguration,
} from '@caseload/core';
import { useCallback, useMemo, useState } from 'react';
import { useCollection, useDataLayer } from '../../../data/index.ts';

/** A patient's (or related person's) signature taken on this device, sent with the sign call. */
export interface PatientSignatureCapture {
  signer: Reference;
  image: Reference;
  /** The PNG as a data URL, shown until the note is signed. */
  preview: string;
}

export interface PatientSignatureState {
  /** What the note's signature configuration asks for (undefined: nothing). */
  wanted: 'Patient' | 'PatientOrRelatedPerson' | undefined;
  /** Who may sign: the patient, then (PatientOrRelatedPerson) the chart's related persons. */
  signers: Reference[];
  capture: PatientSignatureCapture | undefined;
  /** Stores the drawn PNG as a Media of the chart (queued, so it works offline) and keeps it for signing. */
  take(signer: Reference, image: Blob, preview: string): Promise<void>;
  clear(): void;
}

/**
 * The patient signature a note owes at signing: the server's own rule (core
 * `signatureRequirements`, the same configurations and service-type exclusions) decides whether
 * the editor asks for it, so the clinician is not sent back by a refusal.
 */
export function usePatientSignature(
  note: Note,
  encounter: Encounter,
  patient: Reference,
  preferences: PracticePreferenceValues,
): PatientSignatureState {
  const layer = useDataLayer();
  const configurations = useCollection<SignatureConfiguration>('SignatureConfigurations');
  const related = useCollection<RelatedPerson>('RelatedPeople', { partition: note.partition });
  const wanted = useMemo(
    () =>
      signatureRequirements({
        note,
        encounter,
        // Only `patient` is read here: who co-signs is the server's to settle at signing.
        author: { id: note.author?.id ?? '' },
        configurations: configurations.items,
        excludedServiceTypeIds: preferences.signatureServiceTypeExclusions,
        date: '',
      }).patient,
    [note, encounter, configurations.items, preferences.signatureServiceTypeExclusions],
  );
  const signers = useMemo(
    () => [
      patient,
      ...(wanted === 'PatientOrRelatedPerson'
        ? related.items.map((r) => ({ resourceType: 'RelatedPerson', id: r.id, display: r.display ?? formatName(r.names?.[0]) }))
        : []),
    ],
    [patient, wanted, related.items],
  );
  const [capture, setCapture] = useState<PatientSignatureCapture>();
  const take = useCallback(
    async (signer: Reference, image: Blob, preview: string) => {
      const media = await layer.upsert<Resource>('Media', {
        resourceType: 'Media',
        partition: note.partition,
        display: `Signature on a note: ${signer.display ?? signer.resourceType}`,
      });
      await layer.upload('Media', media, image, 'image/png');
      setCapture({ signer, image: { resourceType: 'Media', id: media.id }, preview });
    },
    [layer, note.partition],
  );
  const clear = useCallback(() => setCapture(undefined), []);
  return { wanted, signers, capture, take, clear };
}
