import {
  authorAttestation,
  signatureConfigurationFor,
  type Encounter,
  type Note,
  type NoteAttestation,
  type SignatureConfiguration,
} from '@caseload/core';
import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';

/**
 * What the author attests when signing this note: the wording of the signature configuration that
 * governs it (the one the server picks, core `signatureConfigurationFor`), else the default. Its
 * hash goes with the sign call, so the signature records the words shown.
 */
export function useAuthorAttestation(
  note: Pick<Note, 'kind'>,
  encounter: Pick<Encounter, 'program' | 'serviceType' | 'services'>,
): NoteAttestation {
  const configurations = useCollection<SignatureConfiguration>('SignatureConfigurations');
  return useMemo(
    () => authorAttestation(signatureConfigurationFor({ note, encounter, configurations: configurations.items })),
    // Only what picks the configuration: not every keystroke in the note.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not on every keystroke
    [note.kind, encounter.program?.id, encounter.serviceType?.id, encounter.services, configurations.items],
  );
}
