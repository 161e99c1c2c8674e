/**
 * Appointments outside the calendar (issue 20): the dashboard's "Today" card with the note state
 * of each appointment and "Start note", and the patient chart's Appointments tab.
 * docs/scheduling.md, "Screens beside the calendar".
 */
export { TodayCard } from './components/TodayCard.tsx';
export { useShowsAppointments } from './hooks/useShowsAppointments.ts';
export { PatientAppointmentsTab, type PatientAppointmentsTabProps } from './components/PatientAppointmentsTab.tsx';
export { useDayAppointments } from './hooks/useDayAppointments.ts';
export { appointmentPatient, appointmentStatusLabel, entryKey } from './utils/appointment-text.ts';
export { startEncounterFor } from './api/appointments.api.ts';
