import { ScheduleCalendar } from '../../features/schedule/index.ts';

/** `/schedule`, loaded on demand: the calendar of appointments. */
export default function SchedulePage() {
  return <ScheduleCalendar />;
}
