import { useEffect, useState } from 'react';
import { useDataLayer } from './useDataLayer.ts';

/**
 * Holds a patient open while the calling screen is mounted: the security token covers them, and
 * closing the last open patient deletes it and clears local patient data (SPEC.md section 4).
 * Answers the error of the last open, if it failed (offline: retried when back online).
 */
export function useOpenPatient(patientId: string | undefined): { error?: unknown } {
  const layer = useDataLayer();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (!patientId) return;
    let live = true;
    setError(undefined);
    layer.openPatient(patientId).catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
      // A failed close changes nothing the user can act on: the token lapses within 24 hours.
      layer.closePatient(patientId).catch(() => undefined);
    };
  }, [layer, patientId]);
  return { error };
}
