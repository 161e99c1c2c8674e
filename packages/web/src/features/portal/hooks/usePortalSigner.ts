import type { Answers, Questionnaire, Resource, ResponseSignature } from '@caseload/core';
import { useCallback } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import { signedAnswersHash, type SignatureCapture } from '../../forms/index.ts';
import { usePortal } from './usePortal.ts';

/**
 * Stores a signature drawn in the portal: the PNG becomes a new Media in the patient's chart
 * (queued, so it works offline) and the signature names the person signed in, as the patient
 * (AdhocPatientSignature) or as a related person (RelatedPersonSignature), with the time, the
 * hash of the answers signed and the device. The server adds the version of the form signed.
 */
export function usePortalSigner(
  questionnaire: Pick<Questionnaire, 'items' | 'title'> | undefined,
): ((capture: SignatureCapture, answers: Answers) => Promise<ResponseSignature>) | undefined {
  const layer = useDataLayer();
  const { me, person, patientId } = usePortal();
  const sign = useCallback(
    async (capture: SignatureCapture, answers: Answers): Promise<ResponseSignature> => {
      const media = await layer.upsert<Resource>('Media', {
        resourceType: 'Media',
        partition: patientId,
        display: `Signature: ${questionnaire?.title ?? 'form'}`,
      });
      await layer.upload('Media', media, capture.image, 'image/png');
      return {
        linkId: capture.linkId,
        signer: { resourceType: me.resourceType, id: me.id, ...(person.display && { display: person.display }) },
        role: me.resourceType === 'Patient' ? 'AdhocPatient' : 'RelatedPerson',
        signedAt: new Date().toISOString(),
        image: { resourceType: 'Media', id: media.id, partition: patientId },
        answersHash: signedAnswersHash(questionnaire!, answers),
        device: navigator.userAgent.slice(0, 300),
      };
    },
    [layer, questionnaire, me, person.display, patientId],
  );
  return questionnaire ? sign : undefined;
}
