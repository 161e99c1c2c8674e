import type { CalendarEntry, Itinerary } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { byDateDescending, cleanDraft, isPlanned, moveVisit, newItinerary, visitFrom } from './itinerary-draft.ts';

const author = { resourceType: 'Practitioner', id: 'dr-a' };
const entry = {
  appointment: {
    id: 'a1',
    attendees: [{ subject: { resourceType: 'Patient', id: 'p1', display: 'Booked, Ada' }, role: 'Patient' }],
    serviceLocation: { resourceType: 'Location', id: 'room-1' },
  },
  start: '2026-03-09T13:30:00Z',
  end: '2026-03-09T14:20:00Z',
  status: 'booked',
} as unknown as CalendarEntry;

describe('moveVisit', () => {
  const visits = [{ time: '09:00' }, { time: '10:00' }, { time: '11:00' }];
  it('moves a visit up, down, or by drag to another place, clamped at the ends', () => {
    expect(moveVisit(visits, 1, 0).map((v) => v.time)).toEqual(['10:00', '09:00', '11:00']);
    expect(moveVisit(visits, 0, 2).map((v) => v.time)).toEqual(['10:00', '11:00', '09:00']);
    expect(moveVisit(visits, 2, 5).map((v) => v.time)).toEqual(['09:00', '10:00', '11:00']);
  });
});

describe('visitFrom', () => {
  it('plans a visit from an appointment at its local time', () => {
    expect(visitFrom(entry, 'America/New_York')).toEqual({
      patient: { resourceType: 'Patient', id: 'p1', display: 'Booked, Ada' },
      appointment: { resourceType: 'Appointment', id: 'a1' },
      location: { resourceType: 'Location', id: 'room-1' },
      time: '09:30',
    });
    expect(isPlanned([visitFrom(entry, 'America/New_York')], entry, 'America/New_York')).toBe(true);
    expect(isPlanned([], entry, 'America/New_York')).toBe(false);
  });
});

describe('drafts', () => {
  it('starts empty for a date and cleans blanks before saving', () => {
    const draft = { ...newItinerary(author, '2026-03-09'), topics: [' Safety plan ', ''], notes: ' ' };
    draft.visits = [{ time: '09:00', topics: [''], travelNotes: ' Park behind ' }];
    expect(cleanDraft(draft)).toEqual({
      resourceType: 'Itinerary',
      author,
      date: '2026-03-09',
      topics: ['Safety plan'],
      visits: [{ time: '09:00', travelNotes: 'Park behind' }],
    });
  });

  it('lists the latest date first', () => {
    const list = [
      { id: 'x', date: '2026-03-01' },
      { id: 'y', date: '2026-03-09' },
    ] as Itinerary[];
    expect(byDateDescending(list).map((i) => i.id)).toEqual(['y', 'x']);
  });
});
