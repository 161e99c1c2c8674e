import { describe, expect, it } from 'vitest';
import type { NoteRuleKind } from '../enums.ts';
import { evaluateNoteRules } from './rule-evaluator.ts';
import type { NoteRule, NoteRuleContext, NoteRuleParameters, RulePresence } from './rule-types.ts';
import type { Encounter } from './types.ts';
import { zonedInstant } from './zoned-time.ts';

const NY = 'America/New_York';
const at = (date: string, time: string) => zonedInstant(date, time, NY).toISOString();

function rule<K extends NoteRuleKind>(kind: K, parameters?: NoteRuleParameters[K], extra: Partial<NoteRule> = {}): NoteRule {
  return {
    id: `r-${kind}`,
    resourceType: 'NoteRule',
    meta: { versionId: '1', lastModified: '' },
    name: kind,
    kind,
    status: 'Active',
    severity: 'block',
    parameters,
    ...extra,
  } as NoteRule;
}

function encounter(extra: Partial<Encounter> = {}): Encounter {
  return {
    id: 'e1',
    resourceType: 'Encounter',
    meta: { versionId: '1', lastModified: '' },
    partition: 'p1',
    subject: { resourceType: 'Patient', id: 'p1' },
    participants: [{ role: 'PrimaryPerformer', individual: { resourceType: 'Practitioner', id: 'dr' } }],
    sessionTime: { mode: 'Duration', start: at('2024-05-02', '09:00'), end: at('2024-05-02', '09:53') },
    visitStatus: 'Show',
    ...extra,
  };
}

function ctx(extra: Partial<NoteRuleContext> = {}, enc: Partial<Encounter> = {}): NoteRuleContext {
  return {
    note: { kind: 'Note', sections: [] },
    encounter: encounter(enc),
    timeZone: NY,
    now: new Date(at('2024-05-03', '12:00')),
    preferences: { checkOverlappingSessions: true, requirePlaceOfService: false },
    ...extra,
  };
}

/** The messages a single rule gives. */
const run = (r: NoteRule, c: NoteRuleContext) => evaluateNoteRules([r], c).map((x) => x.message);

describe('evaluateNoteRules: the frame', () => {
  it('skips Draft and Retired rules and rules out of scope; orders blocking before warnings', () => {
    const c = ctx({}, { program: undefined });
    expect(run(rule('ProgramSelected', {}, { status: 'Draft' }), c)).toEqual([]);
    expect(run(rule('ProgramSelected', {}, { status: 'Retired' }), c)).toEqual([]);
    expect(run(rule('ProgramSelected', {}, { scope: { noteKinds: ['GroupNote'] } }), c)).toEqual([]);
    expect(run(rule('ProgramSelected', {}, { scope: { serviceTypes: [{ resourceType: 'HealthcareService', id: 's9' }] } }), c)).toEqual([]);
    const results = evaluateNoteRules(
      [rule('LocationSelected', {}, { id: 'w', severity: 'warn' }), rule('ProgramSelected', {}, { id: 'b' })],
      c,
    );
    expect(results.map((r) => [r.rule.id, r.severity, r.field])).toEqual([
      ['b', 'block', 'encounter.program'],
      ['w', 'warn', 'encounter.location.location'],
    ]);
  });

  it('uses the rule message when the practice wrote one, and the practice labels', () => {
    const c = ctx({ labels: { location: { singular: 'Site', plural: 'Sites' } } });
    expect(run(rule('ProgramSelected', {}, { message: 'Pick the program the session belongs to.' }), c)).toEqual([
      'Pick the program the session belongs to.',
    ]);
    expect(run(rule('LocationSelected'), c)).toEqual(['Site is required.']);
  });
});

describe('each rule kind', () => {
  it('SessionDuration: min and max are inclusive; a missing time is named', () => {
    expect(run(rule('SessionDuration', { minMinutes: 53, maxMinutes: 60 }), ctx())).toEqual([]);
    expect(run(rule('SessionDuration', { minMinutes: 54 }), ctx())).toEqual([
      'Session time: the session lasts 53m; at least 54m is required.',
    ]);
    expect(run(rule('SessionDuration', { maxMinutes: 45 }), ctx())).toEqual([
      'Session time: the session lasts 53m; at most 45m is allowed.',
    ]);
    expect(run(rule('SessionDuration', { maxMinutes: 45 }), ctx({}, { sessionTime: undefined }))).toEqual(['Session time is required.']);
    expect(run(rule('SessionDuration', { maxMinutes: 45 }, { presence: 'MaybePresent' }), ctx({}, { sessionTime: undefined }))).toEqual([]);
  });

  it('SessionDuration across a DST change counts real time', () => {
    const spring = { sessionTime: { mode: 'Duration' as const, start: at('2024-03-10', '01:30'), end: at('2024-03-10', '03:15') } };
    // 01:30 to 03:15 on the spring-forward night is 45 minutes.
    expect(run(rule('SessionDuration', { minMinutes: 53 }), ctx({}, spring))).toEqual([
      'Session time: the session lasts 45m; at least 53m is required.',
    ]);
  });

  it('SessionDurationIncrement: multiples pass, others name the increment', () => {
    expect(
      run(
        rule('SessionDurationIncrement', { incrementMinutes: 15 }),
        ctx({}, { sessionTime: { mode: 'TimeIncrements', start: at('2024-05-02', '09:00'), increments: 3 } }),
      ),
    ).toEqual([]);
    expect(run(rule('SessionDurationIncrement', { incrementMinutes: 15 }), ctx())).toEqual(['Session time: 53m is not a multiple of 15m.']);
    expect(
      run(
        rule('SessionDurationIncrement', { incrementMinutes: 60 }),
        ctx({}, { sessionTime: { mode: 'DurationMinutes', start: at('2024-05-02', '09:00'), minutes: 120 } }),
      ),
    ).toEqual([]);
  });

  it('ShowStatus: Show by default; No show names the status', () => {
    expect(run(rule('ShowStatus'), ctx())).toEqual([]);
    expect(run(rule('ShowStatus'), ctx({}, { visitStatus: 'NoShow' }))).toEqual([
      'Visit status: a No show visit cannot be documented with this note; allowed: Show.',
    ]);
    expect(run(rule('ShowStatus', { allowed: ['Show', 'NoShow'] }), ctx({}, { visitStatus: 'NoShow' }))).toEqual([]);
    expect(run(rule('ShowStatus'), ctx({}, { visitStatus: undefined }))).toEqual(['Visit status is required.']);
  });

  it('ServiceDate: not in the future, and within N days (local dates)', () => {
    const future = { sessionTime: { mode: 'DurationMinutes' as const, start: at('2024-05-03', '12:30'), minutes: 30 } };
    expect(run(rule('ServiceDate'), ctx({}, future))).toEqual(['Session date: 2024-05-03 12:30 is in the future.']);
    expect(run(rule('ServiceDate', { allowFuture: true }), ctx({}, future))).toEqual([]);
    expect(run(rule('ServiceDate', { maxDaysAgo: 1 }), ctx())).toEqual([]);
    // 23:30 on 1 May in New York is 2 May in UTC: still 2 days ago locally.
    const late = { sessionTime: { mode: 'DurationMinutes' as const, start: at('2024-05-01', '23:30'), minutes: 20 } };
    expect(run(rule('ServiceDate', { maxDaysAgo: 1 }), ctx({}, late))).toEqual([
      'Session date: 2024-05-01 is 2 days ago; notes must be written within 1 day of the session.',
    ]);
  });

  it('ProgramSelected: MustBePresent needs a program, NotPresent forbids one', () => {
    expect(run(rule('ProgramSelected'), ctx())).toEqual(['Program is required.']);
    const withProgram = { program: { resourceType: 'Program', id: 'pg' } };
    expect(run(rule('ProgramSelected'), ctx({}, withProgram))).toEqual([]);
    expect(run(rule('ProgramSelected', {}, { presence: 'NotPresent' }), ctx({}, withProgram))).toEqual(['Program must be left empty.']);
  });

  it('ProgramLocation: a listed program only at its locations', () => {
    const params = {
      allowed: [
        { program: { resourceType: 'Program', id: 'pg' }, locations: [{ resourceType: 'Location', id: 'l1', display: 'Main St' }] },
      ],
    };
    const enc = (loc: string) => ({
      program: { resourceType: 'Program', id: 'pg', display: 'Youth' },
      location: { location: { resourceType: 'Location', id: loc, display: 'Elm Rd' } },
    });
    expect(run(rule('ProgramLocation', params), ctx({}, enc('l1')))).toEqual([]);
    expect(run(rule('ProgramLocation', params), ctx({}, enc('l2')))).toEqual([
      'Location: Youth is not offered at Elm Rd; allowed: Main St.',
    ]);
    expect(run(rule('ProgramLocation', params), ctx({}, { ...enc('l2'), program: { resourceType: 'Program', id: 'other' } }))).toEqual([]);
  });

  it('LocationSelected: a location, and a place of service when required and not hidden', () => {
    const loc = { location: { location: { resourceType: 'Location', id: 'l1' } } };
    expect(run(rule('LocationSelected'), ctx({}, loc))).toEqual([]);
    const requirePos = { preferences: { checkOverlappingSessions: false, requirePlaceOfService: true } };
    expect(run(rule('LocationSelected'), ctx(requirePos, loc))).toEqual(['Place of service is required.']);
    expect(evaluateNoteRules([rule('LocationSelected')], ctx(requirePos, loc))[0]!.field).toBe('encounter.location.placeOfService');
    const hidden = { preferences: { checkOverlappingSessions: false, requirePlaceOfService: true, hidePlaceOfService: true } };
    expect(run(rule('LocationSelected'), ctx(hidden, loc))).toEqual([]);
    expect(run(rule('LocationSelected'), ctx(requirePos, { location: { ...loc.location, placeOfService: { code: '11' } } }))).toEqual([]);
  });

  it('MissingDiagnosis: at least minCount coded diagnoses', () => {
    expect(run(rule('MissingDiagnosis'), ctx())).toEqual(['Diagnosis: at least 1 diagnosis is required.']);
    const one = { diagnoses: [{ code: { code: 'F32.1' } }] };
    expect(run(rule('MissingDiagnosis'), ctx({}, one))).toEqual([]);
    expect(run(rule('MissingDiagnosis', { minCount: 2 }), ctx({}, one))).toEqual(['Diagnosis: at least 2 diagnoses are required.']);
  });

  it('SpanMidnight: a session across local midnight; ending exactly at midnight does not span', () => {
    const span = { sessionTime: { mode: 'Duration' as const, start: at('2024-05-02', '23:30'), end: at('2024-05-03', '00:30') } };
    expect(run(rule('SpanMidnight'), ctx({}, span))).toEqual(['Session time: the session spans midnight; document one session per day.']);
    const toMidnight = { sessionTime: { mode: 'Duration' as const, start: at('2024-05-02', '23:00'), end: at('2024-05-03', '00:00') } };
    expect(run(rule('SpanMidnight'), ctx({}, toMidnight))).toEqual([]);
    // 20:30 to 21:30 in New York is past midnight UTC, but not local midnight.
    const utcOnly = { sessionTime: { mode: 'Duration' as const, start: at('2024-05-02', '19:30'), end: at('2024-05-02', '20:30') } };
    expect(run(rule('SpanMidnight'), ctx({}, utcOnly))).toEqual([]);
  });

  it('AppointmentRequired: names the appointment field', () => {
    expect(run(rule('AppointmentRequired'), ctx())).toEqual(['Appointment: the session must be linked to its appointment.']);
    expect(run(rule('AppointmentRequired'), ctx({}, { appointment: { resourceType: 'Appointment', id: 'a' } }))).toEqual([]);
  });

  it('SessionOverlap: same clinician or same patient, only when the practice checks overlaps', () => {
    const other = {
      encounterId: 'e2',
      patientId: 'p2',
      clinicianIds: ['dr'],
      start: at('2024-05-02', '09:30'),
      end: at('2024-05-02', '10:30'),
      display: 'Doe, J',
    };
    const c = ctx({ otherSessions: [other] });
    expect(run(rule('SessionOverlap'), c)).toEqual([
      'Session time: overlaps another session of the same clinician (Doe, J) from 09:30 to 10:30.',
    ]);
    expect(run(rule('SessionOverlap', { scope: 'Patient' }), c)).toEqual([]);
    const samePatient = ctx({ otherSessions: [{ ...other, clinicianIds: ['x'], patientId: 'p1', display: undefined }] });
    expect(run(rule('SessionOverlap', { scope: 'Patient' }), samePatient)).toEqual([
      'Session time: overlaps another session of the same patient from 09:30 to 10:30.',
    ]);
    // Back to back is not an overlap; the encounter itself is not another session.
    expect(run(rule('SessionOverlap'), ctx({ otherSessions: [{ ...other, start: at('2024-05-02', '09:53') }] }))).toEqual([]);
    expect(run(rule('SessionOverlap'), ctx({ otherSessions: [{ ...other, encounterId: 'e1' }] }))).toEqual([]);
    const off = ctx({ otherSessions: [other], preferences: { checkOverlappingSessions: false, requirePlaceOfService: false } });
    expect(run(rule('SessionOverlap'), off)).toEqual([]);
  });

  it('Authorization: units from the service unit length, or visits (authorized minus used)', () => {
    const service = { serviceType: { resourceType: 'HealthcareService', id: 's1', display: 'Psychotherapy 60' } };
    const auth = (authorizedUnits: number, usedUnits = 0) => ({
      authorizations: [
        {
          number: 'PA-1',
          serviceType: service.serviceType,
          period: { start: '2024-01-01', end: '2024-12-31' },
          authorizedUnits,
          usedUnits,
          authorizedVisits: 0,
        },
      ],
    });
    // 53 minutes of 15-minute units: 4 started units.
    expect(run(rule('Authorization'), ctx(auth(4), service))).toEqual([]);
    expect(run(rule('Authorization'), ctx(auth(3), service))).toEqual([
      'Service type: 4 units of Psychotherapy 60 needed; authorization PA-1 (2024-01-01 to 2024-12-31) has 3 of 3 units left.',
    ]);
    expect(run(rule('Authorization'), ctx({ ...auth(1), unitMinutes: { s1: 60 } }, service))).toEqual([]);
    expect(run(rule('Authorization', { count: 'Visits' }), ctx(auth(9), service))).toEqual([
      'Service type: no authorized visits of Psychotherapy 60 remain; ' +
        'authorization PA-1 (2024-01-01 to 2024-12-31) has 0 of 0 visits left.',
    ]);
    expect(run(rule('Authorization'), ctx({}, service))).toEqual(['Service type: no authorization covers Psychotherapy 60 on 2024-05-02.']);
    // Used units are deducted: 10 authorized, 7 used, 4 needed.
    expect(run(rule('Authorization'), ctx(auth(10, 7), service))).toEqual([
      'Service type: 4 units of Psychotherapy 60 needed; authorization PA-1 (2024-01-01 to 2024-12-31) has 3 of 10 units left.',
    ]);
    expect(run(rule('Authorization'), ctx(auth(10, 6), service))).toEqual([]);
    // A no-show uses nothing, so nothing is checked.
    expect(run(rule('Authorization'), ctx(auth(0), { ...service, visitStatus: 'NoShow' }))).toEqual([]);
  });

  it('Insurance: a coverage in force on the session date', () => {
    const coverage = (period: { start?: string; end?: string }) => ({ coverages: [{ payor: { name: 'Acme Health' }, period }] });
    expect(run(rule('Insurance'), ctx(coverage({ start: '2024-05-02' })))).toEqual([]);
    expect(run(rule('Insurance'), ctx(coverage({ end: '2024-05-01' })))).toEqual([
      'Insurance: the patient has no coverage in force on 2024-05-02.',
    ]);
    expect(run(rule('Insurance', { payers: ['Medicaid'] }), ctx(coverage({})))).toEqual([
      'Insurance: the patient has no coverage with Medicaid in force on 2024-05-02.',
    ]);
    expect(run(rule('Insurance', { payers: ['acme health'] }), ctx(coverage({})))).toEqual([]);
  });

  it('ServiceBasedSubformDuration: the services add up to the session', () => {
    const svc = (start: string, minutes: number) => ({
      serviceType: { resourceType: 'HealthcareService', id: start },
      sessionTime: { mode: 'DurationMinutes' as const, start: at('2024-05-02', start), minutes },
    });
    const session = { mode: 'DurationMinutes' as const, start: at('2024-05-02', '09:00'), minutes: 60 };
    const enc = (services: ReturnType<typeof svc>[]) => ({
      sessionTime: session,
      services,
      documentationType: 'MultiServiceNote' as const,
    });
    expect(run(rule('ServiceBasedSubformDuration'), ctx({}, enc([svc('09:00', 30), svc('09:30', 30)])))).toEqual([]);
    expect(run(rule('ServiceBasedSubformDuration'), ctx({}, enc([svc('09:00', 30), svc('09:30', 20)])))).toEqual([
      "Services: the services' times add up to 50m; the session lasts 1h.",
    ]);
    expect(run(rule('ServiceBasedSubformDuration', { comparison: 'AtMost' }), ctx({}, enc([svc('09:00', 30), svc('09:30', 20)])))).toEqual(
      [],
    );
    expect(run(rule('ServiceBasedSubformDuration', { toleranceMinutes: 10 }), ctx({}, enc([svc('09:00', 30), svc('09:30', 20)])))).toEqual(
      [],
    );
    expect(run(rule('ServiceBasedSubformDuration', { comparison: 'AtMost' }), ctx({}, enc([svc('09:00', 45), svc('09:30', 20)])))).toEqual([
      "Services: the services' times add up to 1h 5m; the session lasts 1h.",
    ]);
  });

  it('Age: whole years on the session date; birthdays count from their day', () => {
    const adults = rule('Age', { minYears: 18 });
    expect(run(adults, ctx({ patient: { birthDate: '2006-05-02' } }))).toEqual([]);
    expect(run(adults, ctx({ patient: { birthDate: '2006-05-03' } }))).toEqual([
      'Patient: aged 17 on 2024-05-02; this note is for ages 18 and over.',
    ]);
    expect(run(rule('Age', { maxYears: 17 }), ctx({ patient: { birthDate: '2006-05-02' } }))).toEqual([
      'Patient: aged 18 on 2024-05-02; this note is for ages up to 17.',
    ]);
    // Born on 29 February: 18 on 1 March of a common year, not on 28 February.
    const leap = (date: string) =>
      ctx({ patient: { birthDate: '2004-02-29' } }, { sessionTime: { mode: 'DurationMinutes', start: at(date, '10:00'), minutes: 30 } });
    const future = { now: new Date('2030-01-01T00:00:00Z') };
    expect(run(adults, { ...leap('2022-02-28'), ...future })).toEqual([
      'Patient: aged 17 on 2022-02-28; this note is for ages 18 and over.',
    ]);
    expect(run(adults, { ...leap('2022-03-01'), ...future })).toEqual([]);
    expect(run(adults, ctx())).toEqual(['Patient: the birth date is required to check the age.']);
  });
});

describe('presence', () => {
  const presences: RulePresence[] = ['MustBePresent', 'MaybePresent', 'NotPresent'];
  it('MaybePresent never blocks a note for a missing field', () => {
    const empty = ctx({}, { program: undefined, appointment: undefined, diagnoses: [], location: undefined });
    for (const kind of ['ProgramSelected', 'AppointmentRequired', 'MissingDiagnosis', 'LocationSelected'] as const) {
      const results = presences.map((p) => run(rule(kind, {}, { presence: p }), empty).length);
      expect(results).toEqual([1, 0, 0]);
    }
  });
});
