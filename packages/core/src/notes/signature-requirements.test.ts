import { describe, expect, it } from 'vitest';
import { frozenMessage, NOTE_MESSAGES, noteContentHash } from './note-lifecycle.ts';
import { signatureRequirements, type SignatureInput } from './signature-requirements.ts';
import type { SignatureConfiguration } from './types.ts';

const ref = (resourceType: string, id: string) => ({ resourceType, id });
const config = (extra: Partial<SignatureConfiguration> = {}): SignatureConfiguration => ({
  id: 'c1',
  resourceType: 'SignatureConfiguration',
  meta: { versionId: '1', lastModified: '' },
  name: 'Default',
  supervisorCoSignature: 'UnlicensedAuthors',
  patientSignature: 'None',
  ...extra,
});

const input = (extra: Partial<SignatureInput> = {}): SignatureInput => ({
  note: { kind: 'Note' },
  encounter: { serviceType: ref('HealthcareService', 's1') },
  author: {
    id: 'dr',
    display: 'Ann Lee',
    licences: [{ type: { code: 'LCSW' }, number: '1', period: { end: '2024-04-30' } }],
    supervisors: [
      { subject: ref('Practitioner', 'sup'), period: { start: '2024-01-01' } },
      { subject: ref('Practitioner', 'old'), period: { end: '2023-12-31' } },
    ],
  },
  configurations: [config()],
  excludedServiceTypeIds: [],
  date: '2024-05-02',
  ...extra,
});

describe('signatureRequirements', () => {
  it('an author without a licence on the session date needs a current supervisor to co-sign', () => {
    expect(signatureRequirements(input()).coSign).toEqual({
      signers: [ref('Practitioner', 'sup')],
      reason: 'Ann Lee is not licensed on 2024-05-02.',
    });
    expect(signatureRequirements(input({ date: '2024-04-30' })).coSign).toBeUndefined();
  });

  it('no configuration, or an excluded service type: the author alone', () => {
    expect(signatureRequirements(input({ configurations: [] }))).toEqual({ author: true, excluded: false });
    const excluded = signatureRequirements(input({ excludedServiceTypeIds: ['s1'] }));
    expect([excluded.excluded, excluded.coSign]).toEqual([true, undefined]);
    const own = config({ serviceTypeExclusions: [ref('HealthcareService', 's1')], patientSignature: 'Patient' });
    const ownExcluded = signatureRequirements(input({ configurations: [own] }));
    expect([ownExcluded.excluded, ownExcluded.patient, ownExcluded.coSign]).toEqual([true, undefined, undefined]);
  });

  it('the most specific active configuration wins; patient signatures as configured', () => {
    const general = config({ id: 'g', supervisorCoSignature: 'Never' });
    const specific = config({ id: 's', noteKinds: ['Note'], supervisorCoSignature: 'Always', patientSignature: 'PatientOrRelatedPerson' });
    const retired = config({ id: 'r', noteKinds: ['Note'], programs: [ref('Program', 'x')], status: 'Retired' });
    const r = signatureRequirements(input({ configurations: [general, specific, retired], date: '2024-04-01' }));
    expect(r.configuration?.id).toBe('s');
    expect(r.coSign?.reason).toBe("The signature configuration “Default” requires a supervisor's co-signature.");
    expect(r.patient).toBe('PatientOrRelatedPerson');
  });
});

describe('note life cycle', () => {
  it('freezes signed notes with a message per state', () => {
    expect(frozenMessage({ status: 'Preliminary', signatures: [] })).toBeUndefined();
    expect(frozenMessage({ status: 'Final' })).toBe(NOTE_MESSAGES.frozenFinal);
    expect(frozenMessage({ status: 'Amended' })).toBe(NOTE_MESSAGES.frozenAmended);
    expect(frozenMessage({ status: 'EnteredInError' })).toBe(NOTE_MESSAGES.frozenEnteredInError);
    const signed = [{ role: 'Author' as const, signer: ref('Practitioner', 'dr'), signedAt: '', contentHash: '' }];
    expect(frozenMessage({ status: 'Preliminary', signatures: signed })).toBe(NOTE_MESSAGES.frozenAwaitingCoSign);
  });

  it('hashes content independent of key order, and changes with it', () => {
    const base = {
      subject: ref('Patient', 'p'),
      encounter: ref('Encounter', 'e'),
      kind: 'Note' as const,
      composition: 'Individual' as const,
    };
    const a = noteContentHash({ ...base, sections: [{ key: 's', kind: 'Narrative', narrative: 'x' }] });
    const b = noteContentHash({ ...base, sections: [{ narrative: 'x', kind: 'Narrative', key: 's' }] });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(noteContentHash({ ...base, sections: [{ key: 's', kind: 'Narrative', narrative: 'y' }] })).not.toBe(a);
  });
});
