import { describe, expect, it } from 'vitest';
import { bookingDraft } from './booking-draft.ts';

const patient = { resourceType: 'Patient', id: 'p1', display: 'Ada' };
const owner = { resourceType: 'Practitioner', id: 'dr' };
const room = { resourceType: 'Location', id: 'room' };

describe('bookingDraft', () => {
  it('books in the patient chart for the chosen length', () => {
    const draft = bookingDraft({
      patient,
      owner,
      start: '2026-03-02T14:00:00Z',
      minutes: 50,
      visitMode: 'InPerson',
      serviceLocation: room,
    });
    expect(draft).toMatchObject({ partition: 'p1', status: 'booked', end: '2026-03-02T14:50:00Z', serviceLocation: room });
    expect(draft.attendees).toEqual([{ subject: patient, role: 'Patient' }]);
    expect(draft.recurrence).toBeUndefined();
  });

  it('repeats weekly until a date or for a count, and a telehealth visit takes no room', () => {
    const base = { patient, owner, start: '2026-03-02T14:00:00Z', minutes: 50, serviceLocation: room };
    expect(bookingDraft({ ...base, visitMode: 'InPerson', weekly: { count: 6 } }).recurrence).toEqual({
      frequency: 'Weekly',
      interval: 1,
      count: 6,
    });
    const tele = bookingDraft({ ...base, visitMode: 'Telehealth', weekly: { until: '2026-06-01' } });
    expect(tele.recurrence).toEqual({ frequency: 'Weekly', interval: 1, until: '2026-06-01' });
    expect(tele.serviceLocation).toBeUndefined();
  });
});
