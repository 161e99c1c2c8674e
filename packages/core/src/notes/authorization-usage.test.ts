import { describe, expect, it } from 'vitest';
import { authorizationUsage, authorizationWindow, sessionUse, type AuthorizationBalance } from './authorization-usage.ts';
import { evaluateNoteRules } from './rule-evaluator.ts';
import type { NoteRule, NoteRuleContext } from './rule-types.ts';
import type { Encounter } from './types.ts';
import { zonedInstant } from './zoned-time.ts';

const NY = 'America/New_York';
const at = (date: string, time: string) => zonedInstant(date, time, NY).toISOString();
const psychotherapy = { resourceType: 'HealthcareService', id: 'psy', display: 'Psychotherapy' };
const family = { resourceType: 'HealthcareService', id: 'fam', display: 'Family therapy' };
const units = { timeZone: NY, unitMinutes: { psy: 15 } };

/** A delivered session of the patient `p1`: `minutes` of psychotherapy on `date` at 10:00 New York. */
function session(date: string, minutes: number, extra: Partial<Encounter> = {}): Encounter {
  return {
    id: `e-${date}-${minutes}`,
    resourceType: 'Encounter',
    meta: { versionId: '1', lastModified: '' },
    partition: 'p1',
    subject: { resourceType: 'Patient', id: 'p1' },
    participants: [],
    serviceType: psychotherapy,
    visitStatus: 'Show',
    sessionTime: { mode: 'DurationMinutes', start: at(date, '10:00'), minutes },
    ...extra,
  };
}

const may: AuthorizationBalance = {
  number: 'PA-5',
  serviceType: psychotherapy,
  period: { start: '2024-05-01', end: '2024-05-31' },
  authorizedUnits: 8,
  authorizedVisits: 2,
};

const authorizationRule = (count?: 'Units' | 'Visits'): NoteRule =>
  ({
    id: 'auth',
    resourceType: 'NoteRule',
    meta: { versionId: '1', lastModified: '' },
    name: 'Authorized',
    kind: 'Authorization',
    status: 'Active',
    severity: 'block',
    parameters: count ? { count } : {},
  }) as NoteRule;

/** The rule's messages for a new 60-minute session on 20 May, after `others` were signed. */
function check(others: Encounter[], count?: 'Units' | 'Visits', authorizations = [may]): string[] {
  const ctx: NoteRuleContext = {
    note: { kind: 'Note', sections: [] },
    encounter: session('2024-05-20', 60, { id: 'this' }),
    timeZone: NY,
    now: new Date('2024-06-01T12:00:00Z'),
    preferences: { checkOverlappingSessions: false, requirePlaceOfService: false },
    authorizations: authorizationUsage(authorizations, others, units),
    unitMinutes: units.unitMinutes,
  };
  return evaluateNoteRules([authorizationRule(count)], ctx).map((r) => r.message);
}

describe('sessionUse', () => {
  it('counts started units of the service and one visit; nothing outside the window, program or service', () => {
    expect(sessionUse(session('2024-05-02', 50), may, units)).toEqual({ units: 4, visits: 1 });
    expect(sessionUse(session('2024-05-02', 50), may, { timeZone: NY, unitMinutes: { psy: 60 } })).toEqual({ units: 1, visits: 1 });
    expect(sessionUse(session('2024-06-01', 50), may, units)).toEqual({ units: 0, visits: 0 });
    expect(sessionUse(session('2024-05-02', 50, { serviceType: family }), may, units)).toEqual({ units: 0, visits: 0 });
    const youth = { ...may, program: { resourceType: 'Program', id: 'youth' } };
    expect(sessionUse(session('2024-05-02', 50), youth, units)).toEqual({ units: 0, visits: 0 });
    expect(sessionUse(session('2024-05-02', 50, { program: { resourceType: 'Program', id: 'youth' } }), youth, units)).toEqual({
      units: 4,
      visits: 1,
    });
    expect(sessionUse(session('2024-05-02', 50, { visitStatus: 'NoShow' }), may, units)).toEqual({ units: 0, visits: 0 });
  });

  it('windows are local dates: 23:30 on 31 May in New York is still May', () => {
    const late = session('2024-05-31', 20, { sessionTime: { mode: 'DurationMinutes', start: at('2024-05-31', '23:30'), minutes: 20 } });
    expect(sessionUse(late, may, units)).toEqual({ units: 2, visits: 1 });
  });

  it('a multi-service session uses the covered services: their recorded units, else their time', () => {
    const multi = session('2024-05-02', 90, {
      serviceType: undefined,
      documentationType: 'MultiServiceNote',
      services: [
        { serviceType: psychotherapy, sessionTime: { mode: 'DurationMinutes', start: at('2024-05-02', '10:00'), minutes: 30 } },
        { serviceType: family, sessionTime: { mode: 'DurationMinutes', start: at('2024-05-02', '10:30'), minutes: 60 }, units: 3 },
      ],
    });
    expect(sessionUse(multi, may, units)).toEqual({ units: 2, visits: 1 });
    expect(sessionUse(multi, { ...may, serviceType: family }, units)).toEqual({ units: 3, visits: 1 });
    expect(sessionUse(multi, { ...may, serviceType: undefined }, units)).toEqual({ units: 5, visits: 1 });
  });
});

describe('authorizationUsage and the Authorization rule', () => {
  it('an unused authorization lets a session through', () => {
    expect(check([])).toEqual([]);
  });

  it('partially used: what is left still holds the session, until it does not', () => {
    // 8 authorized; one 45-minute session used 3; 4 are needed and 5 are left.
    expect(check([session('2024-05-02', 45)])).toEqual([]);
    // Two sessions used 3 + 2: 3 left, 4 needed.
    expect(check([session('2024-05-02', 45), session('2024-05-09', 30)])).toEqual([
      'Service type: 4 units of Psychotherapy needed; authorization PA-5 (2024-05-01 to 2024-05-31) has 3 of 8 units left.',
    ]);
  });

  it('exhausted: no units or no visits left', () => {
    const used = [session('2024-05-02', 60), session('2024-05-09', 60)];
    expect(check(used)).toEqual([
      'Service type: 4 units of Psychotherapy needed; authorization PA-5 (2024-05-01 to 2024-05-31) has 0 of 8 units left.',
    ]);
    expect(check(used, 'Visits')).toEqual([
      'Service type: no authorized visits of Psychotherapy remain; authorization PA-5 (2024-05-01 to 2024-05-31) has 0 of 2 visits left.',
    ]);
    expect(check(used.slice(1), 'Visits')).toEqual([]);
  });

  it("another patient's sessions, no-shows and sessions outside the window or service are not counted", () => {
    // The server passes only this patient's signed sessions; a session of another service,
    // another month or a no-show uses nothing of this authorization.
    const others = [
      session('2024-04-30', 60),
      session('2024-06-01', 60),
      session('2024-05-03', 60, { serviceType: family }),
      session('2024-05-04', 60, { visitStatus: 'NoShow' }),
      session('2024-05-05', 60, { visitStatus: 'Cancelled' }),
    ];
    expect(authorizationUsage([may], others, units)[0]).toMatchObject({ usedUnits: 0, usedVisits: 0 });
    expect(check(others)).toEqual([]);
  });

  it('bills each session to one authorization: the first with room, the next one after that', () => {
    const june = { ...may, number: 'PA-6', period: { start: '2024-05-15', end: '2024-06-30' } };
    const both = authorizationUsage([may, june], [session('2024-05-16', 60), session('2024-05-17', 60), session('2024-05-18', 60)], units);
    expect(both.map((a) => [a.number, a.usedUnits, a.usedVisits])).toEqual([
      ['PA-5', 8, 2],
      ['PA-6', 4, 1],
    ]);
    // The new session on 20 May fits in PA-6 (4 of 8 left).
    expect(check([session('2024-05-16', 60), session('2024-05-17', 60), session('2024-05-18', 60)], 'Units', [may, june])).toEqual([]);
  });

  it('the window to query spans every authorization; an open end leaves it open', () => {
    expect(authorizationWindow([may, { period: { start: '2024-03-01', end: '2024-04-01' } }])).toEqual({
      start: '2024-03-01',
      end: '2024-05-31',
    });
    expect(authorizationWindow([may, { period: { start: '2024-03-01' } }])).toEqual({ start: '2024-03-01', end: undefined });
  });
});
