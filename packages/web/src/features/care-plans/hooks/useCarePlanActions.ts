import type { CarePlan, PatientSignatureBody } from '@caseload/core';
import { useCallback } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import {
  carePlanPrintoutUrl,
  postCoSignCarePlan,
  postPatientSignCarePlan,
  postReviseCarePlan,
  postSignCarePlan,
} from '../api/care-plans.api.ts';

export interface CarePlanActions {
  /** Signs as the clinician once every queued edit is on the server, attesting the words whose hash is given. */
  sign(attestationHash: string): Promise<CarePlan>;
  /**
   * The patient's (or a related person's) signature on the revision shown (`versionId`): a plan
   * revised meanwhile is refused (409), so nobody signs what they were not shown.
   */
  patientSign(versionId: string, signature: PatientSignatureBody): Promise<CarePlan>;
  /** A supervisor's co-signature, attesting the words whose hash is given. */
  coSign(attestationHash: string): Promise<CarePlan>;
  /** Revises the signed plan: the changed fields with the reason. */
  revise(reason: string, changes: Partial<CarePlan>): Promise<CarePlan>;
  /** The printout's address (GET CarePlans/{id}/printout, a PDF). */
  printoutHref: string;
}

/**
 * The calls of one plan. Each first lets the write queue send what waits (the server signs what it
 * has), then calls with the stored version, then reads the plan again so every screen shows it.
 */
export function useCarePlanActions(planId: string, patientId: string): CarePlanActions {
  const layer = useDataLayer();
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const query = useCallback(
    () => layer.fetchAll<CarePlan>('CarePlans', { partition: patientId, filters: [{ field: 'id', op: 'eq', value: planId }] }),
    [layer, planId, patientId],
  );
  const currentVersion = useCallback(async () => {
    await layer.flush();
    const [plan] = await query();
    if (!plan?.meta?.versionId) throw new Error('The requested data was not found.');
    return plan.meta.versionId;
  }, [layer, query]);

  return {
    sign: useCallback(
      async (attestationHash: string) => {
        const signed = await postSignCarePlan(practiceId, planId, { versionId: await currentVersion(), attestationHash });
        await query();
        return signed;
      },
      [practiceId, planId, currentVersion, query],
    ),
    patientSign: useCallback(
      async (versionId: string, patientSignature: PatientSignatureBody) => {
        // The drawn image's Media is queued: sent before the signature names it.
        await layer.flush();
        const signed = await postPatientSignCarePlan(practiceId, planId, { versionId, patientSignature });
        await query();
        return signed;
      },
      [layer, practiceId, planId, query],
    ),
    coSign: useCallback(
      async (attestationHash: string) => {
        const signed = await postCoSignCarePlan(practiceId, planId, { versionId: await currentVersion(), attestationHash });
        await query();
        return signed;
      },
      [practiceId, planId, currentVersion, query],
    ),
    revise: useCallback(
      async (reason: string, changes: Partial<CarePlan>) => {
        const revised = await postReviseCarePlan(practiceId, planId, { versionId: await currentVersion(), reason, changes });
        await query();
        return revised;
      },
      [practiceId, planId, currentVersion, query],
    ),
    printoutHref: carePlanPrintoutUrl(practiceId, planId),
  };
}
