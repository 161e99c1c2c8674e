import { COLOR_SCALES, PHQ9, scoreAssessment, zonedClock, type QuestionnaireResponse, type ScoringDefinition } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { trendPoints } from './assessment-trend.ts';
import { serviceEventsSnapshot, tableReportSnapshot } from './computed-tables.ts';

const scoring = PHQ9.scoring as ScoringDefinition;
const response = (id: string, authored: string, scores: number[], questionnaire = 'phq-9'): QuestionnaireResponse => {
  const answers = Object.fromEntries(scores.map((s, i) => [`phq9-${i + 1}`, String(s)]));
  return {
    id,
    resourceType: 'QuestionnaireResponse',
    partition: 'p',
    completion: 'Complete',
    authored,
    answers,
    questionnaire: { resourceType: 'Questionnaire', id: questionnaire },
    score: scoreAssessment(PHQ9, answers),
    meta: { versionId: '1', lastModified: authored },
  } as QuestionnaireResponse;
};

describe('trendPoints', () => {
  it('lists complete scores of one assessment oldest first, coloured goodToBad by band', () => {
    const points = trendPoints(
      [
        response('b', '2024-03-01T00:00:00Z', [3, 3, 3, 3, 3, 3, 3, 3, 3]),
        response('a', '2024-01-01T00:00:00Z', [0, 0, 0, 0, 0, 0, 0, 0, 0]),
        response('partial', '2024-02-01T00:00:00Z', [1, 1]),
        response('other', '2024-02-01T00:00:00Z', [1, 1, 1, 1, 1, 1, 1, 1, 1], 'gad-7'),
      ],
      'phq-9',
      scoring,
      zonedClock('America/New_York', { nameZone: false }),
    );
    expect(points.map((p) => [p.responseId, p.score, p.band])).toEqual([
      ['a', 0, 'None–minimal'],
      ['b', 27, 'Severe'],
    ]);
    // Midnight UTC is the evening before in New York: the axis shows the practice's day.
    expect(points.map((p) => p.date)).toEqual(['2023-12-31', '2024-02-29']);
    expect(points[0]!.color).toBe(COLOR_SCALES.goodToBad(0));
    expect(points[1]!.color).toBe(COLOR_SCALES.goodToBad(1));
  });
});

describe('computed table snapshots', () => {
  const now = new Date('2024-05-01T12:00:00.123Z');
  const losAngeles = zonedClock('America/Los_Angeles', { nameZone: false });
  it('takes a TableReport row per resource, by column key', () => {
    const table = tableReportSnapshot(
      {
        source: 'Observations',
        columns: [
          { key: 'display', label: 'What' },
          { key: 'value.unit', label: 'Unit' },
        ],
      },
      [
        {
          id: '1',
          resourceType: 'Observation',
          display: 'Weight',
          value: { unit: 'kg' },
          meta: { versionId: '1', lastModified: '' },
        } as never,
      ],
      now,
    );
    expect(table).toEqual({ generatedAt: '2024-05-01T12:00:00Z', rows: [{ display: 'Weight', 'value.unit': 'kg' }] });
  });

  it('lists services newest first, with only references of the right type', () => {
    const enc = (id: string, start: string, extra = {}) =>
      ({ id, resourceType: 'Encounter', period: { start }, meta: { versionId: '1', lastModified: '' }, ...extra }) as never;
    const table = serviceEventsSnapshot(
      [
        enc('1', '2024-01-02T10:00:00Z', {
          serviceType: { resourceType: 'HealthcareService', id: 's', display: 'Therapy' },
          outcome: 'Finished',
        }),
        enc('2', '2024-03-04T10:00:00Z', { serviceType: { resourceType: 'Program', id: 'x' } }),
        // A session at 9 PM in Los Angeles, the next day in UTC.
        enc('3', '2024-01-01T00:00:00Z', { sessionTime: { mode: 'Duration', start: '2024-04-06T04:00:00Z' } }),
      ],
      now,
      losAngeles,
    );
    expect(table.rows.map((r) => r.date)).toEqual(['2024-04-05', '2024-03-04', '2024-01-02']);
    expect(table.rows[2]).toMatchObject({ service: { id: 's' }, status: 'Finished', encounter: { resourceType: 'Encounter', id: '1' } });
    expect(table.rows[1]!.service).toBeUndefined();
  });
});
