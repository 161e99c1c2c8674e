/**
 * The schedule (issue 20): the calendar of a clinician, a location or a team, booking, moving and
 * acting on appointments, and starting their notes. The domain is core's `scheduling/`.
 */
export { ScheduleCalendar } from './components/ScheduleCalendar.tsx';
