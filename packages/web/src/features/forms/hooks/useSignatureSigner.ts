import {
  REFERENCE_TYPES,
  itemsByLinkId,
  signerRoleOf,
  type Answers,
  type Questionnaire,
  type Reference,
  type Resource,
  type ResponseSignature,
} from '@caseload/core';
import { useCallback, useMemo } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import { profileReference, useCurrentPractice } from '../../practice/index.ts';
import type { SignatureCapture } from './form-runtime-context.ts';
import { signedAnswersHash } from '../utils/form-answers.ts';

/** Why a related person's signature cannot be taken yet. */
export const CHOOSE_RELATED_PERSON = 'Choose the related person in this form first: they sign as the one named there.';

/** The first RelatedPerson chosen in the answers: who signs a RelatedPersonSignature. */
function relatedPersonIn(q: Pick<Questionnaire, 'items'>, answers: Answers): Reference | undefined {
  for (const item of itemsByLinkId(q.items).values()) {
    if (REFERENCE_TYPES[item.type] !== 'RelatedPerson') continue;
    const value = answers[item.linkId];
    if (value && typeof value === 'object' && typeof (value as Reference).id === 'string') return value as Reference;
  }
  return undefined;
}

/**
 * Stores a drawn signature for a response: the PNG becomes the content of a new Media in the
 * patient's chart (queued like any write, so it works offline), and the signature records the
 * signer (the signed-in practitioner; the patient for AdhocPatientSignature; the related person
 * named in the form for RelatedPersonSignature), the time, and the hash of the answers signed.
 */
export function useSignatureSigner(
  questionnaire: Pick<Questionnaire, 'items' | 'title'> | undefined,
  patient: Reference | undefined,
): ((capture: SignatureCapture, answers: Answers) => Promise<ResponseSignature>) | undefined {
  const layer = useDataLayer();
  const { current } = useCurrentPractice();
  // The same object while the membership's profile is, so the signing callback stays the same
  // across the screen's renders (a new one would change the form's runtime on every autosave).
  const profileKey = current?.profile;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the profile, not on the membership object
  const profile = useMemo(() => profileReference(current), [profileKey]);
  const sign = useCallback(
    async (capture: SignatureCapture, answers: Answers): Promise<ResponseSignature> => {
      if (!questionnaire || !patient) throw new Error('Signing needs a patient.');
      const role = signerRoleOf(itemsByLinkId(questionnaire.items).get(capture.linkId)?.variant);
      const signer: Reference | undefined =
        role === 'AdhocPatient' ? patient : role === 'RelatedPerson' ? relatedPersonIn(questionnaire, answers) : profile;
      if (!signer) throw new Error(role === 'RelatedPerson' ? CHOOSE_RELATED_PERSON : 'Signing needs a signed-in practitioner.');
      const media = await layer.upsert<Resource>('Media', {
        resourceType: 'Media',
        partition: patient.id,
        display: `Signature: ${questionnaire.title ?? 'form'}`,
      });
      await layer.upload('Media', media, capture.image, 'image/png');
      return {
        linkId: capture.linkId,
        signer: { resourceType: signer.resourceType, id: signer.id, ...(signer.display && { display: signer.display }) },
        role,
        signedAt: new Date().toISOString(),
        image: { resourceType: 'Media', id: media.id, partition: patient.id },
        answersHash: signedAnswersHash(questionnaire, answers),
      };
    },
    [layer, questionnaire, patient, profile],
  );
  return questionnaire && patient ? sign : undefined;
}
