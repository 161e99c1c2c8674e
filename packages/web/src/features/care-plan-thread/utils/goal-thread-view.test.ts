import { COLOR_SCALES, type CarePlan, type CarePlanThread } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { calendarDay } from './calendar-day.ts';
import { chartRows, goalThreadViews, plansInOrder, progressColor } from './goal-thread-view.ts';

const plan = {
  resourceType: 'CarePlan',
  id: 'p',
  partition: 'pt',
  patient: { resourceType: 'Patient', id: 'pt' },
  status: 'Active',
  elements: [
    { id: 'g1', kind: 'Goal', text: 'Sleep better' },
    { id: 'o1', kind: 'Objective', parent: 'g1', text: 'Keep a diary' },
    { id: 'i1', kind: 'Intervention', parent: 'o1', text: 'CBT-I' },
    { id: 'g2', kind: 'Goal', text: 'Return to work' },
  ],
} as unknown as CarePlan;
const ref = { resourceType: 'CarePlan', id: 'p' };

const thread = {
  carePlan: plan,
  goals: [
    {
      goal: 'g1',
      sessions: [
        {
          encounter: 'e1',
          date: '2026-03-02T23:30:00Z',
          activities: [{ carePlan: ref, element: 'g1', progress: 'NotAchieved' }],
          note: { resourceType: 'Note', id: 'n1', display: 'Progress note' },
        },
        {
          encounter: 'e2',
          date: '2026-03-09T14:00:00Z',
          activities: [{ carePlan: ref, element: 'i1' }],
          note: { resourceType: 'Note', id: 'n2' },
        },
      ],
    },
    { goal: 'g2', sessions: [] },
  ],
  progress: [
    {
      element: 'g1',
      entries: [
        { date: '2026-03-02', status: 'NotAchieved', source: { resourceType: 'Encounter', id: 'e1' } },
        { date: '2026-03-16', status: 'InProgress', source: { resourceType: 'CarePlanSession', id: 's' } },
      ],
      current: 'InProgress',
    },
    { element: 'o1', entries: [], current: 'NotAchieved' },
    { element: 'g2', entries: [], current: 'NotAchieved' },
  ],
  outcomes: [],
} as unknown as CarePlanThread;

describe('goalThreadViews', () => {
  const views = goalThreadViews(thread, (at) => (at.startsWith('2026-03-02T23') ? '2026-03-02' : at.slice(0, 10)));

  it('lists each goal with its sessions, the progress they recorded, and the notes', () => {
    expect(views.map((v) => v.goal.id)).toEqual(['g1', 'g2']);
    expect(views[0]!.sessions).toEqual([
      {
        encounter: 'e1',
        date: '2026-03-02',
        noteId: 'n1',
        noteTitle: 'Progress note',
        progress: [{ element: 'g1', status: 'NotAchieved' }],
      },
      { encounter: 'e2', date: '2026-03-09', noteId: 'n2', noteTitle: undefined, progress: [] },
    ]);
    expect(views[1]!.sessions).toEqual([]);
  });

  it('says where a goal stands only once progress is recorded, and charts its entries', () => {
    expect(views[0]!.current).toBe('InProgress');
    expect(views[0]!.objectives).toEqual([{ element: plan.elements[1] }]);
    expect(views[1]!.current).toBeUndefined();
    expect(views[0]!.points.map((p) => [p.date, p.value, p.color])).toEqual([
      ['2026-03-02', 1, COLOR_SCALES.goodToBad(1)],
      ['2026-03-16', 2, COLOR_SCALES.goodToBad(0.5)],
    ]);
    expect(views[0]!.series).toEqual(['Goal: Sleep better']);
    expect(views[1]!.points).toEqual([]);
  });

  it('colours achieved at the good end of goodToBad', () => {
    expect(progressColor('Achieved')).toBe(COLOR_SCALES.goodToBad(0));
  });
});

describe('chartRows', () => {
  it('gives each entry its own row, so two sessions of one day are two points', () => {
    const point = (date: string, series: string, value: number) =>
      ({ date, series, element: series, status: 'InProgress', value, color: '' }) as const;
    expect(chartRows([point('2026-01-01', 'A', 1), point('2026-01-01', 'B', 2), point('2026-01-01', 'A', 3)])).toEqual([
      { date: '2026-01-01', A: 1, 'A#status': 'InProgress' },
      { date: '2026-01-01', B: 2, 'B#status': 'InProgress' },
      { date: '2026-01-01', A: 3, 'A#status': 'InProgress' },
    ]);
  });
});

describe('plansInOrder', () => {
  it('puts active plans first, then the newest', () => {
    const p = (id: string, status: string, start: string) => ({ ...plan, id, status, period: { start } }) as CarePlan;
    expect(
      plansInOrder([p('a', 'Completed', '2026-01-01'), p('b', 'Active', '2025-01-01'), p('c', 'Completed', '2026-02-01')]).map((x) => x.id),
    ).toEqual(['b', 'c', 'a']);
  });
});

describe('calendarDay', () => {
  it('writes a day without moving it through a time zone', () => {
    expect(calendarDay('2026-03-02')).toBe('Mar 2, 2026');
  });
});
