import type { Answers, KioskView, Questionnaire, ResponseSignature } from '@caseload/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, type ApiError } from '../../../api/index.ts';
import { signedAnswersHash, type ResponseChange, type SignatureCapture } from '../../forms/index.ts';
import { kioskApi } from '../api/kiosk.api.ts';
import { readKiosk } from '../utils/kiosk-storage.ts';

/** Where the kiosk is: its packet being filled, sent (locked), or its token no longer valid. */
export type KioskPhase = 'loading' | 'filling' | 'finished' | 'ended' | 'failed';

export interface Kiosk {
  phase: KioskPhase;
  view?: KioskView;
  error?: ApiError | Error;
  /** Keeps an item's answers as typed (sent with `save`). */
  change: (responseId: string, change: ResponseChange) => void;
  /** Sends an item's answers; true when the server took them. */
  save: (responseId: string) => Promise<boolean>;
  signer: (
    questionnaire: Pick<Questionnaire, 'items' | 'title'>,
  ) => (capture: SignatureCapture, answers: Answers) => Promise<ResponseSignature>;
  submit: () => Promise<void>;
  submitting: boolean;
}

const blobToBase64 = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

/**
 * The kiosk's packet (docs/portal.md, "Kiosk mode"), read and written with the kiosk token only.
 * Answers are kept as typed and sent when the patient moves on ("Next"), so a part is saved
 * before the next is shown; a refusal is shown on the part. The server's 410 (sent) locks the
 * kiosk, its 401 (expired, replaced, closed by staff) ends it: both leave only the staff sign-in.
 */
export function useKiosk(): Kiosk {
  const [phase, setPhase] = useState<KioskPhase>('loading');
  const [view, setView] = useState<KioskView>();
  const [error, setError] = useState<ApiError | Error>();
  const [submitting, setSubmitting] = useState(false);
  const pending = useRef(new Map<string, ResponseChange>());
  const versions = useRef(new Map<string, string>());
  const token = readKiosk()?.token;

  const fail = useCallback((e: unknown) => {
    if (isApiError(e) && e.status === 410) setPhase('finished');
    else if (isApiError(e) && e.status === 401) setPhase('ended');
    else setError(e as Error);
  }, []);

  useEffect(() => {
    if (!token) {
      setPhase('ended');
      return;
    }
    kioskApi.view(token).then(
      (v) => {
        for (const i of v.items) versions.current.set(i.response.id, i.response.meta.versionId);
        setView(v);
        setPhase('filling');
      },
      (e) => {
        fail(e);
        if (!isApiError(e) || (e.status !== 410 && e.status !== 401)) setPhase('failed');
      },
    );
  }, [token, fail]);

  const change = useCallback((responseId: string, c: ResponseChange) => {
    pending.current.set(responseId, c);
  }, []);

  const save = useCallback(
    async (responseId: string) => {
      const c = pending.current.get(responseId);
      if (!c || !token) return true;
      setError(undefined);
      try {
        const saved = await kioskApi.save(token, responseId, {
          versionId: versions.current.get(responseId) ?? '',
          answers: c.answers,
          signatures: c.signatures as unknown as Record<string, unknown>[],
        });
        versions.current.set(responseId, saved.meta.versionId);
        pending.current.delete(responseId);
        return true;
      } catch (e) {
        fail(e);
        return false;
      }
    },
    [token, fail],
  );

  const signer = useCallback(
    (questionnaire: Pick<Questionnaire, 'items' | 'title'>) => async (capture: SignatureCapture, answers: Answers) => {
      const image = await kioskApi.signature(token!, await blobToBase64(capture.image), questionnaire.title ?? 'form');
      const recipient = view!.recipient;
      return {
        linkId: capture.linkId,
        signer: { resourceType: recipient.resourceType, id: recipient.id, ...(recipient.display && { display: recipient.display }) },
        role: recipient.resourceType === 'Patient' ? 'AdhocPatient' : 'RelatedPerson',
        signedAt: new Date().toISOString(),
        image,
        answersHash: signedAnswersHash(questionnaire, answers),
        device: `Clinic kiosk: ${navigator.userAgent}`.slice(0, 300),
      } as ResponseSignature;
    },
    [token, view],
  );

  const submit = useCallback(async () => {
    if (!token) return;
    setSubmitting(true);
    setError(undefined);
    try {
      await kioskApi.submit(token);
      setPhase('finished');
    } catch (e) {
      fail(e);
    } finally {
      setSubmitting(false);
    }
  }, [token, fail]);

  return { phase, view, error, change, save, signer, submit, submitting };
}
