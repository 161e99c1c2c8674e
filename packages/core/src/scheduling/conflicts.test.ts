import { describe, expect, it } from 'vitest';
import { findConflicts, findSeriesConflicts, type BookedTime } from './conflicts.ts';

const base: BookedTime = {
  id: 'new',
  partition: 'p1',
  status: 'booked',
  owner: { resourceType: 'Practitioner', id: 'dr-a' },
  serviceLocation: { resourceType: 'Location', id: 'room-1' },
  start: '2026-06-01T13:00:00Z',
  end: '2026-06-01T14:00:00Z',
};
const other = (o: Partial<BookedTime>): BookedTime => ({
  ...base,
  id: 'other',
  partition: 'p2',
  owner: { resourceType: 'Practitioner', id: 'dr-b' },
  serviceLocation: { resourceType: 'Location', id: 'room-2' },
  ...o,
});

describe('findConflicts', () => {
  it('finds the same clinician, as owner or participant', () => {
    expect(findConflicts(base, [other({ owner: { resourceType: 'Practitioner', id: 'dr-a' } })]).map((c) => c.kind)).toEqual(['Clinician']);
    expect(findConflicts(base, [other({ participants: [{ resourceType: 'Practitioner', id: 'dr-a' }] })]).map((c) => c.kind)).toEqual([
      'Clinician',
    ]);
  });

  it('finds the same patient with another clinician', () => {
    const [c] = findConflicts(base, [other({ partition: 'p1', display: 'Ada Lovelace' })]);
    expect(c).toMatchObject({ kind: 'Patient', appointmentId: 'other', display: 'Ada Lovelace' });
    expect(c!.message).toBe(
      'Appointment time: overlaps another appointment of the same patient ' +
        '(Ada Lovelace) from 2026-06-01T13:00:00Z to 2026-06-01T14:00:00Z.',
    );
  });

  it('finds the same room, but not for telehealth', () => {
    expect(findConflicts(base, [other({ serviceLocation: { resourceType: 'Location', id: 'room-1' } })]).map((c) => c.kind)).toEqual([
      'Room',
    ]);
    expect(findConflicts(base, [other({ serviceLocation: { resourceType: 'Location', id: 'room-1' }, visitMode: 'Telehealth' })])).toEqual(
      [],
    );
  });

  it('ignores back-to-back, unrelated, released and itself', () => {
    expect(findConflicts(base, [other({ owner: base.owner, start: '2026-06-01T14:00:00Z', end: '2026-06-01T15:00:00Z' })])).toEqual([]);
    expect(findConflicts(base, [other({})])).toEqual([]);
    for (const status of ['cancelled', 'noshow', 'entered-in-error', 'waitlist', 'proposed']) {
      expect(findConflicts(base, [other({ owner: base.owner, status })])).toEqual([]);
    }
    expect(findConflicts(base, [{ ...base }])).toEqual([]);
    expect(findConflicts({ ...base, status: 'cancelled' }, [other({ owner: base.owner })])).toEqual([]);
  });

  it('formats the times with the caller’s clock', () => {
    const [c] = findConflicts(base, [other({ owner: base.owner })], (i) => i.slice(11, 16));
    expect(c!.message).toBe('Appointment time: overlaps another appointment of the same clinician from 13:00 to 14:00.');
  });
});

describe('findSeriesConflicts', () => {
  const weekly = ['2026-06-01T13:00:00Z', '2026-06-08T13:00:00Z', '2026-06-15T13:00:00Z'].map((start) => ({
    start,
    end: start.replace('T13', 'T14'),
  }));
  const sameClinician = (start: string, end: string, id = `o-${start}`) =>
    other({ id, owner: { resourceType: 'Practitioner', id: 'dr-a' }, start, end });
  const find = (others: BookedTime[]) =>
    findSeriesConflicts(
      base,
      weekly,
      others,
      (i) => i.slice(11, 16),
      (i) => i.slice(0, 10),
    );

  it('checks every occurrence, naming the date of a later one', () => {
    const found = find([sameClinician('2026-06-15T13:30:00Z', '2026-06-15T14:30:00Z')]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'Clinician', occurrenceStart: '2026-06-15T13:00:00Z' });
    expect(found[0]!.message).toBe(
      'Appointment time: the occurrence on 2026-06-15 overlaps another appointment of the same clinician from 13:30 to 14:30.',
    );
  });

  it('names the head’s own time as a single appointment’s check does', () => {
    const [c] = find([sameClinician('2026-06-01T13:30:00Z', '2026-06-01T14:30:00Z')]);
    expect(c!.occurrenceStart).toBeUndefined();
    expect(c!.message).toBe('Appointment time: overlaps another appointment of the same clinician from 13:30 to 14:30.');
  });

  it('finds a long appointment starting the day before, and none between occurrences or back to back', () => {
    const found = find([
      sameClinician('2026-06-07T14:00:00Z', '2026-06-08T13:30:00Z', 'overnight'),
      sameClinician('2026-06-10T13:00:00Z', '2026-06-10T14:00:00Z', 'between'),
      sameClinician('2026-06-15T14:00:00Z', '2026-06-15T15:00:00Z', 'after'),
    ]);
    expect(found.map((c) => c.appointmentId)).toEqual(['overnight']);
  });

  it('reads others in any order and reports each occurrence’s conflicts in series order', () => {
    const found = find([
      sameClinician('2026-06-15T13:00:00Z', '2026-06-15T14:00:00Z', 'third'),
      sameClinician('2026-06-08T13:00:00Z', '2026-06-08T14:00:00Z', 'second'),
    ]);
    expect(found.map((c) => c.appointmentId)).toEqual(['second', 'third']);
  });
});
