import {
  carePlanAttestation,
  carePlanSignatureConfiguration,
  type CarePlan,
  type NoteAttestation,
  type SignatureConfiguration,
} from '@caseload/core';
import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';

/**
 * What the clinician attests signing this plan: the wording of the signature configuration the
 * server picks for the plan's program (core `carePlanSignatureConfiguration`), else the plan default.
 */
export function useCarePlanAttestation(plan: Pick<CarePlan, 'program'>): NoteAttestation {
  const configurations = useCollection<SignatureConfiguration>('SignatureConfigurations');
  const programId = plan.program?.id;
  return useMemo(
    () =>
      carePlanAttestation(
        carePlanSignatureConfiguration(
          { program: programId ? { resourceType: 'Program', id: programId } : undefined },
          configurations.items,
        ),
      ),
    [programId, configurations.items],
  );
}
