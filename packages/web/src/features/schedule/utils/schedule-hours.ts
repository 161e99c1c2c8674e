import { Weekdays, type Reference, type Schedule, type Weekday } from '@caseload/core';
import type { CalendarEvent } from './calendar-events.ts';

/** A schedule being edited: a stored one, or a new one for `actor`. */
export type ScheduleDraft = Pick<
  Schedule,
  'resourceType' | 'actor' | 'location' | 'active' | 'activeFrom' | 'activeUntil' | 'workingHours' | 'breaks' | 'timeOff'
> &
  Partial<Pick<Schedule, 'id' | 'meta'>>;

/** FullCalendar's business hours: days 0 (Sunday) to 6, local HH:mm. */
export interface BusinessHours {
  daysOfWeek: number[];
  startTime: string;
  endTime: string;
}

const DAY_NUMBER: Readonly<Record<Weekday, number>> = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
};

/** A new schedule: Monday to Friday 09:00 to 17:00 with a lunch break, the usual start. */
export function newSchedule(actor: Reference): ScheduleDraft {
  return {
    resourceType: 'Schedule',
    actor,
    active: true,
    workingHours: Weekdays.filter((d) => d !== 'Saturday' && d !== 'Sunday').map((weekday) => ({
      weekday,
      startTime: '09:00',
      endTime: '17:00',
    })),
    breaks: [{ startTime: '12:00', endTime: '13:00', label: 'Lunch' }],
    timeOff: [],
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * What is wrong with a draft before it is saved (the server checks the same, in its words): each
 * span of hours and each break a valid HH:mm that ends after it starts, time off ending after it starts.
 */
export function scheduleProblems(draft: ScheduleDraft): string[] {
  const problems: string[] = [];
  draft.workingHours.forEach((h, i) => {
    if (!TIME.test(h.startTime) || !TIME.test(h.endTime) || h.endTime <= h.startTime)
      problems.push(`Working hours ${i + 1} (${h.weekday}): the end must be after the start.`);
  });
  (draft.breaks ?? []).forEach((b, i) => {
    if (!TIME.test(b.startTime) || !TIME.test(b.endTime) || b.endTime <= b.startTime)
      problems.push(`Break ${i + 1}: the end must be after the start.`);
  });
  (draft.timeOff ?? []).forEach((t, i) => {
    if (!t.start || !t.end || Date.parse(t.end) <= Date.parse(t.start))
      problems.push(`Time off ${i + 1}: the end must be after the start.`);
  });
  return problems;
}

/** A span of local time less the breaks that fall in it (breaks given as sorted, merged spans). */
function lessBreaks(start: string, end: string, breaks: readonly { startTime: string; endTime: string }[]): [string, string][] {
  const spans: [string, string][] = [];
  let from = start;
  for (const b of breaks) {
    if (b.endTime <= from || b.startTime >= end) continue;
    if (b.startTime > from) spans.push([from, b.startTime]);
    from = b.endTime > from ? b.endTime : from;
  }
  if (from < end) spans.push([from, end]);
  return spans;
}

/**
 * The calendar's working hours from the active schedules shown (FullCalendar `businessHours`):
 * each weekday's hours less its breaks, so time outside them, lunch included, is shaded as not
 * working. The schedules of several clinicians together: a time is working when anyone works.
 */
export function businessHoursOf(schedules: readonly Schedule[]): BusinessHours[] {
  const hours: BusinessHours[] = [];
  for (const s of schedules) {
    if (s.active === false) continue;
    for (const h of s.workingHours) {
      const breaks = (s.breaks ?? [])
        .filter((b) => !b.weekdays?.length || b.weekdays.includes(h.weekday))
        .sort((a, b) => a.startTime.localeCompare(b.startTime));
      for (const [startTime, endTime] of lessBreaks(h.startTime, h.endTime, breaks)) {
        hours.push({ daysOfWeek: [DAY_NUMBER[h.weekday]], startTime, endTime });
      }
    }
  }
  return hours;
}

/** The schedules' time off, shaded behind the visits (FullCalendar background events). */
export function timeOffEvents(schedules: readonly Schedule[]): CalendarEvent[] {
  return schedules.flatMap((s) =>
    s.active === false
      ? []
      : (s.timeOff ?? []).map((t, i) => ({
          id: `off@${s.id}#${i}`,
          title: t.reason || 'Time off',
          start: t.start,
          end: t.end,
          display: 'background' as const,
          backgroundColor: '#868e96',
          borderColor: '#868e96',
          textColor: '#212529',
          editable: false,
          extendedProps: { order: 2 },
        })),
  );
}
