import type { Appointment } from '@caseload/core';
import { useMemo } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { useCollection } from '../../../data/index.ts';
import { upcomingVisits, type PortalVisit } from '../utils/portal-appointments.ts';
import { usePortal } from './usePortal.ts';

/** The patient's visits to come (the portal table: Appointments of their own chart), live. */
export function usePortalAppointments(): { visits: PortalVisit[]; loading: boolean; error?: ApiError } {
  const { patientId } = usePortal();
  const { items, loading, error } = useCollection<Appointment>('Appointments', { partition: patientId });
  const visits = useMemo(() => upcomingVisits(items, new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone), [items]);
  return { visits, loading, error };
}
