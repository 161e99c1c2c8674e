import type { HumanName, Practitioner } from '@caseload/core';
import { useCallback } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { postInvite, type InviteAnswer } from '../api/users.api.ts';

/** What the invite form asks for. */
export interface StaffInvite {
  given: string;
  family: string;
  credentials?: string;
  email: string;
}

/**
 * Invites a new member of staff: creates their Practitioner through the data layer (stored at
 * once, sent by the write queue), waits for the queue to send it, then e-mails the sign-up link
 * (POST Practitioners/{id}/invite). A Practitioner the server refused is reported in the words it
 * refused it with, and no invite is sent for it.
 */
export function useInviteStaff(): (invite: StaffInvite) => Promise<InviteAnswer> {
  const layer = useDataLayer();
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  return useCallback(
    async (invite: StaffInvite) => {
      const name: HumanName = { given: [invite.given.trim()], family: invite.family.trim() };
      const draft: Omit<Practitioner, 'id' | 'meta'> = {
        resourceType: 'Practitioner',
        names: [name],
        ...(invite.credentials?.trim() ? { credentials: invite.credentials.trim() } : {}),
        email: invite.email.trim(),
        workEmail: invite.email.trim(),
        active: true,
      };
      const saved = await layer.upsert<Practitioner>('Practitioners', draft);
      await layer.flush();
      const refused = layer.syncState.get().failed.find((f) => f.collection === 'Practitioners' && f.id === saved.id);
      if (refused) {
        await layer.dismissFailed(refused.hash);
        throw new Error(refused.detail ?? 'The new member of staff could not be saved.');
      }
      return postInvite(practiceId, 'Practitioners', saved.id, invite.email.trim());
    },
    [layer, practiceId],
  );
}
