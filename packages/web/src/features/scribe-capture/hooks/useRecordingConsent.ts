import { CONSENT_CATEGORIES, localDate, type Consent } from '@caseload/core';
import { useCallback, useState } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import { profileReference, useCan, useCurrentPractice, usePracticeTimeZone } from '../../practice/index.ts';

/**
 * Records the patient's verbal consent to recording, attested by the clinician signed in: a
 * Consent of category recording, active from today (the practice's day), through the write queue,
 * which is then flushed so the server's consent check sees it on the next try.
 */
export function useRecordingConsent(patientId: string | undefined) {
  const layer = useDataLayer();
  const { current } = useCurrentPractice();
  const timeZone = usePracticeTimeZone();
  const mayCreate = useCan('Create', 'Consent');
  const [saving, setSaving] = useState(false);

  const record = useCallback(async () => {
    if (!patientId) return;
    setSaving(true);
    try {
      const recording = CONSENT_CATEGORIES.concepts.find((c) => c.code === 'recording');
      await layer.upsert<Consent>('Consents', {
        partition: patientId,
        patient: { resourceType: 'Patient', id: patientId },
        display: 'Verbal consent to audio recording, attested by the clinician',
        category: { system: CONSENT_CATEGORIES.system, code: 'recording', display: recording?.display },
        status: 'active',
        date: localDate(new Date(), timeZone),
        author: profileReference(current),
      } as unknown as Consent);
      await layer.flush();
    } finally {
      setSaving(false);
    }
  }, [layer, patientId, timeZone, current]);

  return { mayRecordConsent: mayCreate && Boolean(patientId), record, saving };
}
