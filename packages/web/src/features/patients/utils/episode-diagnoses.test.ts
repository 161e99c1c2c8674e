import type { Condition, EpisodeOfCare } from '@caseload/core';
import { episodeOfCareSchema, conditionSchema, validateWithSchema } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import {
  newConditionDraft,
  newDiagnosisCode,
  newDiagnosisCodes,
  newDiagnosisReference,
  selectableConditions,
  withSavedDiagnoses,
} from './episode-diagnoses.ts';

const meta = { versionId: '1', lastModified: '2024-01-01T00:00:00Z' };
const base = { meta, partition: 'p1', patient: { resourceType: 'Patient', id: 'p1' } };
const condition = (id: string, extra: Partial<Condition> = {}): Condition =>
  ({ ...base, id, resourceType: 'Condition', code: { code: 'F32.9' }, verificationStatus: 'Confirmed', ...extra }) as Condition;
const episode = (diagnoses: EpisodeOfCare['diagnoses']): EpisodeOfCare => ({
  ...base,
  id: 'e1',
  resourceType: 'EpisodeOfCare',
  status: 'active',
  programs: [{ program: { resourceType: 'Program', id: 'pr1' } }],
  diagnoses,
});

describe('which diagnoses an episode may pick', () => {
  const active = condition('c1', { clinicalStatus: 'active' });
  const refuted = condition('c2', { verificationStatus: 'Refuted' });
  const resolved = condition('c3', { clinicalStatus: 'resolved' });
  const undetermined = condition('c4');

  it('offers the patient’s confirmed diagnoses that are not resolved, never a refuted one', () => {
    expect(selectableConditions([active, refuted, resolved, undetermined], undefined).map((c) => c.id)).toEqual(['c1', 'c4']);
  });

  it('keeps a refuted or resolved diagnosis the episode already lists', () => {
    const listed = episode([{ condition: { resourceType: 'Condition', id: 'c2' } }]);
    expect(selectableConditions([active, refuted, resolved], listed).map((c) => c.id)).toEqual(['c1', 'c2']);
  });
});

describe('a new diagnosis picked in the episode form', () => {
  it('stands in as new:{code} and is told apart from a real Condition', () => {
    const ref = newDiagnosisReference('F41.1');
    expect(ref).toEqual({ resourceType: 'Condition', id: 'new:F41.1', display: 'F41.1 Generalized anxiety disorder' });
    expect(newDiagnosisCode(ref)).toBe('F41.1');
    expect(newDiagnosisCode({ id: 'c1' })).toBeUndefined();
  });

  it('is offered only for codes the patient does not already have to pick', () => {
    const codes = newDiagnosisCodes([condition('c1', { code: { code: 'F41.1' } })]);
    expect(codes).not.toContain('F41.1');
    expect(codes).toContain('F32.9');
  });

  it('refuses a code that is not a diagnosis of the list', () => {
    expect(() => newDiagnosisReference('Z99.99')).toThrow();
  });

  it('becomes a confirmed, active Condition of the patient that passes the schema', () => {
    const draft = newConditionDraft({ id: 'p1', display: 'Doe, Jane' }, 'F41.1', '2024-06-30');
    expect(draft).toMatchObject({
      partition: 'p1',
      patient: { id: 'p1' },
      verificationStatus: 'Confirmed',
      clinicalStatus: 'active',
      code: { code: 'F41.1' },
    });
    expect(validateWithSchema(conditionSchema, draft, { strict: true, context: { today: '2024-06-30' } })).toEqual([]);
  });

  it('is replaced by the saved Condition, primary first and ranked', () => {
    const edited = episode([
      { condition: { resourceType: 'Condition', id: 'c1' }, role: 'secondary' },
      { condition: newDiagnosisReference('F41.1'), role: 'primary' },
    ]);
    const saved = withSavedDiagnoses(
      edited,
      new Map([['F41.1', { resourceType: 'Condition', id: 'c9', display: 'F41.1 Generalized anxiety disorder' }]]),
    );
    expect(saved.diagnoses).toEqual([
      { condition: { resourceType: 'Condition', id: 'c9', display: 'F41.1 Generalized anxiety disorder' }, role: 'primary', rank: 1 },
      { condition: { resourceType: 'Condition', id: 'c1' }, role: 'secondary', rank: 2 },
    ]);
    expect(validateWithSchema(episodeOfCareSchema, saved, { strict: true })).toEqual([]);
    expect(() => withSavedDiagnoses(edited, new Map())).toThrow(/F41.1/);
  });
});
