import { describe, expect, it } from 'vitest';
import { signatureRequirements } from '../notes/signature-requirements.ts';
import type { SignatureConfiguration } from '../notes/types.ts';
import {
  carePlanCoSignerAttestation,
  carePlanPendingSignatures,
  currentPatientSignatures,
  DEFAULT_CARE_PLAN_CO_SIGNER_ATTESTATION,
  owedCarePlanCoSignature,
  owedCarePlanPatientSignature,
} from './care-plan-signing.ts';
import { carePlanContentHash } from './care-plan-structure.ts';
import type { CarePlan } from './types.ts';

const ref = (resourceType: string, id: string) => ({ resourceType, id });
const config = (extra: Partial<SignatureConfiguration> = {}): SignatureConfiguration => ({
  id: 'c1',
  resourceType: 'SignatureConfiguration',
  meta: { versionId: '1', lastModified: '' },
  name: 'Supervised plans',
  supervisorCoSignature: 'UnlicensedAuthors',
  patientSignature: 'None',
  ...extra,
});
const unlicensed = {
  display: 'Ann Lee',
  licences: [{ type: { code: 'LCSW' }, number: '1', period: { end: '2024-04-30' } }],
  supervisors: [{ subject: ref('Practitioner', 'sup'), period: { start: '2024-01-01' } }],
};

describe("a plan's owed signatures", () => {
  it("owe a co-signature by the notes' own rule: the same signers and reason a note of the same author gets", () => {
    const pending = carePlanPendingSignatures({ configuration: config(), clinician: unlicensed, date: '2024-05-02', patientSigned: false });
    const note = signatureRequirements({
      note: { kind: 'Note' },
      encounter: {},
      author: { id: 'dr', ...unlicensed },
      configurations: [config()],
      excludedServiceTypeIds: [],
      date: '2024-05-02',
    });
    expect(pending).toEqual([
      { role: 'CoSigner', signers: note.coSign!.signers, reason: note.coSign!.reason, attestation: carePlanCoSignerAttestation(config()) },
    ]);
    expect(pending[0]).toMatchObject({ signers: [ref('Practitioner', 'sup')], reason: 'Ann Lee is not licensed on 2024-05-02.' });
    // Licensed that day: nothing owed.
    expect(carePlanPendingSignatures({ configuration: config(), clinician: unlicensed, date: '2024-04-01', patientSigned: false })).toEqual(
      [],
    );
    expect(
      carePlanPendingSignatures({ configuration: undefined, clinician: unlicensed, date: '2024-05-02', patientSigned: false }),
    ).toEqual([]);
  });

  it("owe the patient's signature when the configuration asks and it was not given", () => {
    const asks = config({ supervisorCoSignature: 'Never', patientSignature: 'Patient' });
    expect(carePlanPendingSignatures({ configuration: asks, clinician: {}, date: '', patientSigned: false })).toEqual([
      { role: 'Patient', who: 'Patient', reason: "The signature configuration “Supervised plans” asks for the patient's signature." },
    ]);
    expect(carePlanPendingSignatures({ configuration: asks, clinician: {}, date: '', patientSigned: true })).toEqual([]);
  });

  it("words the co-signer's attestation for a plan unless the configuration words its own", () => {
    expect(carePlanCoSignerAttestation(undefined).text).toBe(DEFAULT_CARE_PLAN_CO_SIGNER_ATTESTATION);
    expect(carePlanCoSignerAttestation(config({ coSignerAttestation: 'I agree.' })).text).toBe('I agree.');
  });

  it('find what is owed, and count only patient signatures over the current content', () => {
    const plan: CarePlan = {
      resourceType: 'CarePlan',
      id: 'p',
      meta: { versionId: '3', lastModified: '' },
      partition: 'pt',
      patient: ref('Patient', 'pt'),
      status: 'Active',
      elements: [{ id: 'g', kind: 'Goal', text: 'Sleep' }],
      pendingSignatures: [
        { role: 'Patient', who: 'PatientOrRelatedPerson', reason: 'r' },
        { role: 'CoSigner', signers: [ref('Practitioner', 'sup')], reason: 'r' },
      ],
    };
    expect(owedCarePlanCoSignature(plan)?.signers).toEqual([ref('Practitioner', 'sup')]);
    expect(owedCarePlanPatientSignature(plan)?.who).toBe('PatientOrRelatedPerson');
    const hash = carePlanContentHash(plan);
    plan.signatures = [
      { role: 'Patient', signer: ref('Patient', 'pt'), signedAt: '2024-05-01T10:00:00Z', contentHash: 'a'.repeat(64) },
      { role: 'RelatedPerson', signer: ref('RelatedPerson', 'rp'), signedAt: '2024-05-02T10:00:00Z', contentHash: hash },
      { role: 'Clinician', signer: ref('Practitioner', 'dr'), signedAt: '2024-05-01T09:00:00Z', contentHash: hash },
    ];
    expect(currentPatientSignatures(plan).map((s) => s.signer.id)).toEqual(['rp']);
  });
});
