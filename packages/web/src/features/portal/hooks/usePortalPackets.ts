import type { PacketResponse } from '@caseload/core';
import { useMemo } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { useCollection } from '../../../data/index.ts';
import { portalPackets, type PortalPackets } from '../utils/portal-packets.ts';
import { usePortal } from './usePortal.ts';

export interface PortalPacketsState extends PortalPackets {
  loading: boolean;
  error?: ApiError;
}

/** The packets sent to the signed-in person, live: to fill in, and sent. */
export function usePortalPackets(): PortalPacketsState {
  const { me, patientId } = usePortal();
  const { items, loading, error } = useCollection<PacketResponse>('PacketResponses', {
    partition: patientId,
    filters: [{ field: 'recipient.id', op: 'eq', value: me.id }],
  });
  const packets = useMemo(() => portalPackets(items, me), [items, me]);
  return { ...packets, loading, error };
}
