import {
  currentPatientSignatures,
  formatName,
  owedCarePlanPatientSignature,
  type CarePlan,
  type CarePlanSignature,
  type Reference,
  type RelatedPerson,
  type Resource,
} from '@caseload/core';
import { useCallback, useMemo, useState } from 'react';
import { userMessageFor } from '../../../platform/core-web.ts';
import { useCollection, useDataLayer } from '../../../data/index.ts';
import type { CarePlanActions } from './useCarePlanActions.ts';

export interface PlanPatientSignatureState {
  /** Who may sign: the patient, then the chart's related persons unless the configuration asks for the patient's own. */
  signers: Reference[];
  /** The configuration asks for it and it is not yet given on this revision. */
  owed: boolean;
  /** Patient and related-person signatures over this revision's content. */
  current: CarePlanSignature[];
  busy: boolean;
  error?: string;
  /** Stores the PNG as a Media of the chart, then signs the revision shown with it. */
  take(signer: Reference, image: Blob): Promise<void>;
}

/**
 * The patient's signature on a signed plan's current revision, drawn on the clinician's device
 * and handed over (docs/care-plans.md, "Patient signatures"): the revision it signs is the one on
 * screen, so a revision made meanwhile is refused rather than signed unseen.
 */
export function usePlanPatientSignature(plan: CarePlan, patient: Reference, actions: CarePlanActions): PlanPatientSignatureState {
  const layer = useDataLayer();
  const owed = owedCarePlanPatientSignature(plan);
  const related = useCollection<RelatedPerson>('RelatedPeople', { partition: plan.partition });
  const patientOnly = owed?.who === 'Patient';
  const signers = useMemo(
    () => [
      patient,
      ...(patientOnly
        ? []
        : related.items.map((r) => ({ resourceType: 'RelatedPerson', id: r.id, display: r.display ?? formatName(r.names?.[0]) }))),
    ],
    [patient, patientOnly, related.items],
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const versionId = plan.meta?.versionId ?? '';
  const take = useCallback(
    async (signer: Reference, image: Blob) => {
      setBusy(true);
      setError(undefined);
      try {
        const media = await layer.upsert<Resource>('Media', {
          resourceType: 'Media',
          partition: plan.partition,
          display: `Signature on a care plan: ${signer.display ?? signer.resourceType}`,
        });
        await layer.upload('Media', media, image, 'image/png');
        await actions.patientSign(versionId, { signer, image: { resourceType: 'Media', id: media.id } });
      } catch (e) {
        setError(userMessageFor(e));
      } finally {
        setBusy(false);
      }
    },
    [layer, plan.partition, actions, versionId],
  );
  return { signers, owed: !!owed, current: currentPatientSignatures(plan), busy, error, take };
}
