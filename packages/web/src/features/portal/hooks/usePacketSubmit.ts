import type { PacketResponse } from '@caseload/core';
import { useCallback, useState } from 'react';
import { api, type ApiError } from '../../../api/index.ts';
import { useDataLayer } from '../../../data/index.ts';
import { usePortal } from './usePortal.ts';

export interface PacketSubmit {
  submit: () => Promise<PacketResponse | undefined>;
  submitting: boolean;
  error?: ApiError;
}

/**
 * Submits a packet: first every answer still waiting in the write queue is sent (so the server
 * checks what the person sees), then the submit call; the packet and its forms are read again.
 * A refusal (an item missing, the link expired) is kept to be shown, naming the items.
 */
export function usePacketSubmit(id: string | undefined): PacketSubmit {
  const layer = useDataLayer();
  const { patientId } = usePortal();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<ApiError>();
  const submit = useCallback(async () => {
    if (!id) return undefined;
    setSubmitting(true);
    setError(undefined);
    try {
      await layer.flush();
      const path = `/api/v1/practices/${encodeURIComponent(layer.practiceId())}/PacketResponses/${encodeURIComponent(id)}/submit`;
      const answer = await api.post<PacketResponse>(path, {});
      await layer.fetchAll('PacketResponses', { partition: patientId, filters: [{ field: 'id', op: 'eq', value: id }] });
      await layer.fetchAll('QuestionnaireResponses', {
        partition: patientId,
        filters: [{ field: 'packetResponse.id', op: 'eq', value: id }],
      });
      return answer;
    } catch (e) {
      setError(e as ApiError);
      return undefined;
    } finally {
      setSubmitting(false);
    }
  }, [layer, id, patientId]);
  return { submit, submitting, error };
}
