import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../../api/index.ts';
import { useDataLayer } from '../../../data/index.ts';
import { holdKiosk, kioskApi } from '../../kiosk/index.ts';
import { useSession, useSignedInUser } from '../../session/index.ts';

/**
 * "Fill in the clinic" (docs/portal.md, "Kiosk mode"): asks the server for a kiosk token for the
 * packet, keeps it in this tab, shows the kiosk, and signs the staff member out, so no staff
 * session is left in the patient's hands; leaving the kiosk is signing in again.
 */
export function useOpenKiosk(patientId: string) {
  const layer = useDataLayer();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const user = useSignedInUser();
  const [opening, setOpening] = useState<string>();
  const [error, setError] = useState<ApiError>();
  const open = useCallback(
    async (packetResponseId: string) => {
      setOpening(packetResponseId);
      setError(undefined);
      try {
        // What this device still has to send goes before the session ends.
        await layer.flush();
        const answer = await kioskApi.open(layer.practiceId(), packetResponseId);
        holdKiosk({ token: answer.token, returnTo: `/patients/${patientId}`, staffEmail: user?.account.email });
        void navigate('/kiosk', { replace: true });
        await signOut();
      } catch (e) {
        setError(e as ApiError);
        setOpening(undefined);
      }
    },
    [layer, navigate, signOut, patientId, user],
  );
  return { open, opening, error };
}
