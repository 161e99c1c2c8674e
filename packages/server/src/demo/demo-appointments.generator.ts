import { addDays, daysBetween, type Appointment, type Encounter, type Itinerary, type Schedule } from '@caseload/core';
import { addMinutes, clockTime, isOpen, localInstant, noteInstant, weekdayOf, type DemoCalendar } from './demo-calendar.ts';
import type { CaseloadEntry, CaseloadPlan } from './demo-caseloads.ts';
import { demoResource, refTo } from './demo-ids.ts';
import type { DemoSetup } from './demo-setup.generator.ts';
import type { DemoStaffMember } from './demo-staff.generator.ts';

/**
 * The demo's appointments, schedules and itineraries (docs/demo.md, "Scheduling"). No faker draw
 * is made here, so adding scheduling leaves every other generated record as it was:
 * - every past session has its appointment (`fulfilled` when its note is signed, `arrived` while
 *   it is not), and the session's encounter links it;
 * - a session the caseload skipped is a `cancelled` or `noshow` appointment;
 * - each caseload continues as a recurring series from today for eight weeks (weekly clients
 *   weekly, the others every two or four weeks), so today's and the coming weeks' appointments
 *   are the series' occurrences;
 * - every documenting clinician has a schedule (Monday to Friday, 08:00 to 17:00, lunch at noon);
 * - the case managers each have itineraries for today and the two open days before it.
 */

/** The future a caseload's series covers. */
const FUTURE_WEEKS = 8;

/** A usual length of a style's visit, for appointments without a session. */
export const usualMinutes = (entry: CaseloadEntry) => (entry.style === 'prescriber' ? 25 : entry.style === 'caseManager' ? 45 : 50);

interface SessionFacts {
  key: string;
  encounter: Encounter;
  start: Date;
  end: Date;
  signed: boolean;
}

function base(entry: CaseloadEntry, encounter?: Encounter): Omit<Appointment, 'id' | 'meta' | 'resourceType' | 'status' | 'start' | 'end'> {
  const subject = { resourceType: 'Patient', id: entry.facts.patient.id, display: entry.facts.patient.display };
  return {
    partition: subject.id,
    origin: 'Caseload',
    attendees: [{ subject, role: 'Patient' }],
    owner: refTo(entry.clinician.practitioner),
    ...(encounter?.serviceType && { serviceType: encounter.serviceType }),
    ...(encounter?.location?.location && { location: encounter.location.location }),
    ...(encounter?.location?.placeOfService && { placeOfService: encounter.location.placeOfService }),
    ...(encounter?.visitMode && { visitMode: encounter.visitMode }),
    ...(entry.facts.episode && { program: entry.facts.episode.programs[0]!.program }),
  };
}

/** The appointment of a past session; the session's encounter is given its link. */
export function sessionAppointment(seed: number, entry: CaseloadEntry, s: SessionFacts): Appointment {
  const booked = addDays(s.start.toISOString().slice(0, 10), -7);
  const appointment = demoResource(seed, 'Appointment', s.key, `${booked}T15:00:00.000Z`, {
    ...base(entry, s.encounter),
    status: s.signed ? 'fulfilled' : 'arrived',
    start: noteInstant(s.start),
    end: noteInstant(s.end),
  }) as unknown as Appointment;
  s.encounter.appointment = { resourceType: 'Appointment', id: appointment.id };
  return appointment;
}

/** A session the caseload skipped: cancelled ahead, or a no-show (alternately, by date). */
export function missedAppointment(seed: number, calendar: DemoCalendar, entry: CaseloadEntry, date: string, minutes: number): Appointment {
  const start = localInstant(calendar, date, clockTime(entry.startMinute));
  const noShow = daysBetween(calendar.firstDay, date) % 2 === 0;
  return demoResource(seed, 'Appointment', `${entry.facts.n}:missed:${date}`, `${addDays(date, -7)}T15:00:00.000Z`, {
    ...base(entry),
    status: noShow ? 'noshow' : 'cancelled',
    ...(!noShow && { cancellationReason: 'Patient called to cancel.' }),
    start: noteInstant(start),
    end: noteInstant(addMinutes(start, minutes)),
  }) as unknown as Appointment;
}

/** The caseload's next weeks: a series from its first slot on or after today. */
export function upcomingSeries(seed: number, calendar: DemoCalendar, entry: CaseloadEntry, minutes: number): Appointment | undefined {
  for (let i = 0; i < 7 * entry.every; i++) {
    const date = addDays(calendar.today, i);
    const week = Math.floor(daysBetween(calendar.firstDay, date) / 7);
    if (weekdayOf(date) !== entry.weekday || week % entry.every !== entry.phase || !isOpen(date)) continue;
    const start = localInstant(calendar, date, clockTime(entry.startMinute));
    return demoResource(seed, 'Appointment', `${entry.facts.n}:series`, `${addDays(calendar.today, -1)}T15:00:00.000Z`, {
      ...base(entry),
      status: 'booked',
      start: noteInstant(start),
      end: noteInstant(addMinutes(start, minutes)),
      recurrence: { frequency: 'Weekly', interval: entry.every, count: Math.ceil(FUTURE_WEEKS / entry.every) },
    }) as unknown as Appointment;
  }
  return undefined;
}

/** Each documenting clinician's working hours at the practice's office. */
export function demoSchedules(seed: number, setup: DemoSetup, clinicians: readonly DemoStaffMember[], calendar: DemoCalendar): Schedule[] {
  const office = setup.locations.find((l) => l.placeOfService?.code === '11') ?? setup.locations[0]!;
  return clinicians.map(
    (c) =>
      demoResource(seed, 'Schedule', c.practitioner.id, `${calendar.goLive}T12:00:00.000Z`, {
        display: `${c.practitioner.display ?? 'Clinician'}: working hours`,
        actor: refTo(c.practitioner),
        location: refTo(office),
        active: true,
        workingHours: (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const).map((weekday) => ({
          weekday,
          startTime: '08:00',
          endTime: '17:00',
        })),
        breaks: [{ startTime: '12:00', endTime: '13:00', label: 'Lunch' }],
        timeOff: [],
      }) as unknown as Schedule,
  );
}

/** The days a case manager has plans for: today, and the two open days before it. */
function planDays(calendar: DemoCalendar): string[] {
  const days = [calendar.today];
  for (let back = 1; days.length < 3 && back <= 7; back++) {
    const date = addDays(calendar.today, -back);
    if (isOpen(date)) days.push(date);
  }
  return days;
}

/**
 * A case manager's plans: for today and the two open days before it, their patients with a slot
 * on that day's weekday, in order (today's falls back to their first patients on a closed day, so
 * the Itineraries page always has today's plan to show). Past days' plans are what the day was.
 */
export function demoItineraries(seed: number, plan: CaseloadPlan, calendar: DemoCalendar): Itinerary[] {
  const byManager = new Map<string, CaseloadEntry[]>();
  for (const entry of plan.entries.values()) {
    if (entry.style !== 'caseManager') continue;
    const list = byManager.get(entry.clinician.practitioner.id) ?? [];
    list.push(entry);
    byManager.set(entry.clinician.practitioner.id, list);
  }
  const out: Itinerary[] = [];
  for (const [managerId, entries] of byManager) {
    for (const date of planDays(calendar)) {
      const weekday = weekdayOf(date);
      const onDay = entries
        .filter((e) => e.weekday === weekday)
        .sort((a, b) => a.startMinute - b.startMinute)
        .slice(0, 5);
      const planned = onDay.length > 0 ? onDay : date === calendar.today ? entries.slice(0, 3) : [];
      if (planned.length === 0) continue;
      const visits = planned.map((e) => ({
        patient: { resourceType: 'Patient', id: e.facts.patient.id, display: e.facts.patient.display },
        time: clockTime(e.startMinute),
        topics: ['Benefits paperwork', 'Medication pick-up', 'Housing referral'].slice(0, 1 + (e.facts.n % 3)),
        travelNotes: e.facts.n % 2 === 0 ? 'Home visit: park on the street.' : 'Meet at the office.',
      }));
      out.push(
        demoResource(seed, 'Itinerary', `${managerId}:${date}`, `${addDays(date, -1)}T22:00:00.000Z`, {
          display: `Itinerary ${date}`,
          author: refTo(entries[0]!.clinician.practitioner),
          date,
          visits,
          topics:
            date === calendar.today
              ? ['Check in on housing applications', 'Collect signed releases']
              : ['Follow up on referrals', 'Update contact details'],
        }) as unknown as Itinerary,
      );
    }
  }
  return out;
}
