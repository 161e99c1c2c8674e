import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../questionnaires/sha256.ts';
import { DEFAULT_AUTHOR_ATTESTATION, DEFAULT_CO_SIGNER_ATTESTATION, authorAttestation, coSignerAttestation } from './note-attestation.ts';

const configuration = (extra: object = {}) => ({ id: 'c1', name: 'Telehealth', meta: { versionId: 'v3' }, ...extra });

describe('note attestations', () => {
  it('default to the built-in wording, hashed, when no configuration words them', () => {
    expect(authorAttestation(undefined)).toEqual({ text: DEFAULT_AUTHOR_ATTESTATION, hash: sha256Hex(DEFAULT_AUTHOR_ATTESTATION) });
    expect(coSignerAttestation(configuration({ coSignerAttestation: '   ' }))).toEqual({
      text: DEFAULT_CO_SIGNER_ATTESTATION,
      hash: sha256Hex(DEFAULT_CO_SIGNER_ATTESTATION),
    });
  });

  it("take the configuration's own wording and name the configuration version it came from", () => {
    const own = 'I attest that this telehealth session was held over a secure video link.';
    expect(authorAttestation(configuration({ authorAttestation: ` ${own} ` }))).toEqual({
      text: own,
      hash: sha256Hex(own),
      configuration: { resourceType: 'SignatureConfiguration', id: 'c1', display: 'Telehealth', versionId: 'v3' },
    });
    expect(coSignerAttestation(configuration({ authorAttestation: own })).text).toBe(DEFAULT_CO_SIGNER_ATTESTATION);
  });
});
