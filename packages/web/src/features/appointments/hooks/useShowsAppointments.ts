import { useCan, useHasFlag } from '../../practice/index.ts';

/**
 * Whether to show appointment lists (the dashboard's Today card, the chart's Appointments tab):
 * the calendar read needs ViewScheduler and Appointment reads; a screen the server would refuse is
 * not offered.
 */
export function useShowsAppointments(): boolean {
  const scheduler = useHasFlag('scheduler', 'ViewScheduler');
  const reads = useCan('Read', 'Appointment');
  return scheduler && reads;
}
