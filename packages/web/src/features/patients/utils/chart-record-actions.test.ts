import type { Allergy, Condition, Consent, Coverage, EpisodeOfCare, Medication } from '@caseload/core';
import { episodeOfCareSchema, validateWithSchema } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import {
  chartRecordBase,
  endCoverage,
  endPeriod,
  finishEpisode,
  hasEnded,
  inactivateAllergy,
  refuteCondition,
  resolveCondition,
  stopMedication,
  withdrawConsent,
} from './chart-record-actions.ts';

const meta = { versionId: '1', lastModified: '2024-01-01T00:00:00Z' };
const patient = { resourceType: 'Patient', id: 'p1', display: 'Doe, Jane' };
const base = { meta, partition: 'p1', patient };

describe('ending chart records', () => {
  it('a new record belongs to the patient: partition and patient reference', () => {
    expect(chartRecordBase({ id: 'p1', display: 'Doe, Jane' })).toEqual({
      partition: 'p1',
      patient: { resourceType: 'Patient', id: 'p1', display: 'Doe, Jane' },
    });
  });

  it('ends a period on the day, keeping an earlier start and end', () => {
    expect(endPeriod({ start: '2024-01-01' }, '2024-06-30')).toEqual({ start: '2024-01-01', end: '2024-06-30' });
    expect(endPeriod(undefined, '2024-06-30')).toEqual({ start: '2024-06-30', end: '2024-06-30' });
    expect(endPeriod({ start: '2024-08-01' }, '2024-06-30')).toEqual({ start: '2024-06-30', end: '2024-06-30' });
    expect(endPeriod({ start: '2024-01-01', end: '2024-03-01' }, '2024-06-30')).toEqual({ start: '2024-01-01', end: '2024-03-01' });
  });

  it('finishes an episode with an end date, ending its open program periods, and the result passes the schema', () => {
    const episode: EpisodeOfCare = {
      ...base,
      id: 'e1',
      resourceType: 'EpisodeOfCare',
      status: 'active',
      period: { start: '2024-01-10' },
      programs: [
        { program: { resourceType: 'Program', id: 'pr1' }, period: { start: '2024-01-10' } },
        { program: { resourceType: 'Program', id: 'pr2' } },
      ],
    };
    // Without an end date a finished episode is refused, which is why finishing sets one.
    expect(validateWithSchema(episodeOfCareSchema, { ...episode, status: 'finished' }, { strict: true }).map((i) => i.message)).toContain(
      'period.end is a required field',
    );
    const finished = finishEpisode(episode, '2024-06-30');
    expect(finished.status).toBe('finished');
    expect(finished.period).toEqual({ start: '2024-01-10', end: '2024-06-30' });
    expect(finished.programs[0]!.period).toEqual({ start: '2024-01-10', end: '2024-06-30' });
    expect(finished.programs[1]!.period).toBeUndefined();
    expect(episode.status).toBe('active');
    expect(validateWithSchema(episodeOfCareSchema, finished, { strict: true })).toEqual([]);
  });

  it('resolves or refutes a diagnosis', () => {
    const condition: Condition = {
      ...base,
      id: 'c1',
      resourceType: 'Condition',
      code: { code: 'F32.9' },
      verificationStatus: 'Confirmed',
      clinicalStatus: 'active',
    };
    expect(resolveCondition(condition)).toMatchObject({ verificationStatus: 'Confirmed', clinicalStatus: 'resolved' });
    const refuted = refuteCondition(condition);
    expect(refuted.verificationStatus).toBe('Refuted');
    expect(refuted).not.toHaveProperty('clinicalStatus');
  });

  it('makes an allergy inactive, stops a medication, ends a coverage and withdraws a consent on the day', () => {
    const allergy = { ...base, id: 'a1', resourceType: 'Allergy', substance: { code: 'latex' }, status: 'active' } as Allergy;
    expect(inactivateAllergy(allergy).status).toBe('inactive');
    const medication = {
      ...base,
      id: 'm1',
      resourceType: 'Medication',
      name: 'Sertraline',
      status: 'active',
      period: { start: '2023-05-01' },
    } as Medication;
    expect(stopMedication(medication, '2024-06-30')).toMatchObject({
      status: 'stopped',
      period: { start: '2023-05-01', end: '2024-06-30' },
    });
    const coverage = { ...base, id: 'v1', resourceType: 'Coverage', payor: { name: 'Aetna' }, memberId: 'X1', order: 1 } as Coverage;
    expect(endCoverage(coverage, '2024-06-30').period).toEqual({ start: '2024-06-30', end: '2024-06-30' });
    const consent = {
      ...base,
      id: 'k1',
      resourceType: 'Consent',
      category: { code: 'treatment' },
      status: 'active',
      date: '2024-01-01',
    } as Consent;
    expect(withdrawConsent(consent, '2024-06-30')).toMatchObject({ status: 'inactive', period: { end: '2024-06-30' } });
  });

  it('knows when a period has ended', () => {
    expect(hasEnded({ end: '2024-06-30' }, '2024-06-30')).toBe(true);
    expect(hasEnded({ end: '2024-07-01' }, '2024-06-30')).toBe(false);
    expect(hasEnded({ start: '2024-01-01' }, '2024-06-30')).toBe(false);
    expect(hasEnded(undefined, '2024-06-30')).toBe(false);
  });
});
