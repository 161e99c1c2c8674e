import { sha256Hex } from '../questionnaires/sha256.ts';
import type { Reference } from '../resources/resource.ts';
import type { PendingSignature, SignatureConfiguration } from './types.ts';

/**
 * What a signer attests (docs/notes.md, "Attestation"). The practice words it on the signature
 * configuration that governs the note (`authorAttestation`, `coSignerAttestation`); without one, or
 * left blank, these defaults apply. The signer is shown the text before signing and the sign call
 * carries its hash, so the signature records exactly the words that were shown.
 */
export const DEFAULT_AUTHOR_ATTESTATION =
  'I attest that I provided the services documented in this note and that it is accurate and complete.';
export const DEFAULT_CO_SIGNER_ATTESTATION =
  "I attest that I reviewed this note as the author's supervisor, that the services it " +
  'documents were provided under my supervision, and that I agree with its content.';

/** The words a signature attests, their sha-256 and the configuration version they came from. */
export interface NoteAttestation {
  text: string;
  /** Hex sha-256 of `text` (UTF-8): what the sign and co-sign calls send as `attestationHash`. */
  hash: string;
  /** The SignatureConfiguration (with its versionId) whose wording this is; absent: the default. */
  configuration?: Reference;
}

type Wording = Pick<SignatureConfiguration, 'id' | 'name' | 'authorAttestation' | 'coSignerAttestation'> & {
  meta?: { versionId?: string };
};

function attestation(text: string | undefined, fallback: string, configuration: Wording | undefined): NoteAttestation {
  const own = text?.trim();
  const words = own || fallback;
  return {
    text: words,
    hash: sha256Hex(words),
    ...(own &&
      configuration && {
        configuration: {
          resourceType: 'SignatureConfiguration',
          id: configuration.id,
          display: configuration.name,
          ...(configuration.meta?.versionId && { versionId: configuration.meta.versionId }),
        },
      }),
  };
}

/** What the author attests when signing a note the configuration governs (undefined: none does). */
export const authorAttestation = (configuration: Wording | undefined): NoteAttestation =>
  attestation(configuration?.authorAttestation, DEFAULT_AUTHOR_ATTESTATION, configuration);

/** What a supervisor attests when co-signing, worded by the configuration that asked for the co-signature. */
export const coSignerAttestation = (configuration: Wording | undefined): NoteAttestation =>
  attestation(configuration?.coSignerAttestation, DEFAULT_CO_SIGNER_ATTESTATION, configuration);

/** What the co-signer of a note awaiting co-signature attests: the wording recorded when the author signed, else the default. */
export const owedCoSignerAttestation = (pending: Pick<PendingSignature, 'attestation'> | undefined): NoteAttestation =>
  pending?.attestation ?? coSignerAttestation(undefined);
