import type { PacketResendBody, PacketResponse, PacketReviewAnswer, PacketReviewBody, PacketSendBody } from '@caseload/core';
import { useCallback } from 'react';
import { api } from '../../../api/index.ts';
import { useDataLayer } from '../../../data/index.ts';

/**
 * The packet calls staff make (docs/portal.md, "Packets"): send, re-send, review. They are
 * server calls, not queued writes (each sends e-mail or changes several records at once); the
 * records they change are read again afterwards so every screen shows them.
 */
export function usePacketCalls(patientId: string) {
  const layer = useDataLayer();
  const base = useCallback(() => `/api/v1/practices/${encodeURIComponent(layer.practiceId())}`, [layer]);
  const reread = useCallback(
    async (collections: readonly string[]) => {
      for (const c of collections) await layer.fetchAll(c, { partition: patientId });
    },
    [layer, patientId],
  );
  return {
    send: useCallback(
      async (packetId: string, body: PacketSendBody) => {
        const answer = await api.post<PacketResponse>(`${base()}/Packets/${encodeURIComponent(packetId)}/send`, body);
        await reread(['PacketResponses', 'QuestionnaireResponses']);
        return answer;
      },
      [base, reread],
    ),
    resend: useCallback(
      async (id: string, body: PacketResendBody = {}) => {
        const answer = await api.post<PacketResponse>(`${base()}/PacketResponses/${encodeURIComponent(id)}/resend`, body);
        await reread(['PacketResponses']);
        return answer;
      },
      [base, reread],
    ),
    review: useCallback(
      async (id: string, body: PacketReviewBody) => {
        const answer = await api.post<PacketReviewAnswer>(`${base()}/PacketResponses/${encodeURIComponent(id)}/review`, body);
        await layer.fetchAll('Patients', { filters: [{ field: 'id', op: 'eq', value: patientId }] });
        await reread(['PacketResponses', 'RelatedPeople', 'Coverages']);
        return answer;
      },
      [base, reread, layer, patientId],
    ),
  };
}
