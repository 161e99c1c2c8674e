import { Text } from '@mantine/core';
import { usePortalAppointments } from '../../hooks/usePortalAppointments.ts';
import { visitTime } from '../../utils/portal-appointments.ts';

/** The Appointments card on the portal's home: the next visit. */
export function AppointmentsSummary() {
  const { visits, loading } = usePortalAppointments();
  if (visits.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        {loading ? 'Looking for your visits…' : 'No visits booked.'}
      </Text>
    );
  return (
    <Text fz="sm" fw={600} c="var(--mantine-color-anchor)">
      Next visit {visitTime(visits[0]!.start)}
    </Text>
  );
}
