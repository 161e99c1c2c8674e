import type { Note } from '@caseload/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useCurrentPractice } from '../../practice/index.ts';
import { postCoSign } from '../api/note-queues.api.ts';

export interface CoSign {
  /** Co-signs the note as read (its versionId), attesting the words hashed: resolves true when the server took it. */
  coSign: (note: Note, attestationHash: string) => Promise<boolean>;
  /** The note being co-signed now, if any. */
  pendingId: string | undefined;
  /** The last refusal, by note id (a 409 when the note changed meanwhile, a 403 ...). */
  errors: Record<string, unknown>;
}

/**
 * The co-sign action: POST Notes/{id}/co-sign with the version the supervisor saw, so a note
 * changed since is refused (409) rather than signed unseen, and the hash of the attestation
 * they confirmed.
 */
export function useCoSign(): CoSign {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const [pendingId, setPendingId] = useState<string>();
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const coSign = useCallback(
    async (note: Note, attestationHash: string) => {
      setPendingId(note.id);
      setErrors(({ [note.id]: _, ...rest }) => rest);
      try {
        await postCoSign(practiceId, note.id, note.meta.versionId, attestationHash);
        notifications.show({ color: 'caseload', message: `${note.title?.trim() || 'The note'} is co-signed and final.` });
        return true;
      } catch (e) {
        setErrors((all) => ({ ...all, [note.id]: e }));
        return false;
      } finally {
        setPendingId(undefined);
      }
    },
    [practiceId],
  );
  return { coSign, pendingId, errors };
}
