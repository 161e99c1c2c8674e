import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import { resetAppearance } from '../../../ui/appearance.ts';
import { closeDataLayer } from '../../practice/index.ts';
import { useSession } from '../../session/index.ts';

export interface SignOut {
  /** True when signing out now would discard edits not yet on the server (ask first). */
  hasUnsentEdits: () => Promise<boolean>;
  signOut: () => Promise<void>;
  pending: boolean;
}

/**
 * Signing out (issue 4): the security token is deleted and this device's copy of the practice's
 * data is cleared (unsent edits included, which the user was asked about), then the session ends
 * and this user's look is forgotten, so a shared clinic computer shows nothing of them to the next.
 */
export function useSignOut(): SignOut {
  const layer = useDataLayer();
  const { signOut } = useSession();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await layer.clearLocalPatientData();
      await signOut();
      closeDataLayer();
      resetAppearance();
    } catch (error) {
      notifications.show({ color: 'red', title: "Couldn't sign out", message: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  }, [layer, signOut]);
  const hasUnsentEdits = useCallback(() => layer.hasUnsentEdits(), [layer]);
  return { hasUnsentEdits, signOut: run, pending };
}
