import {
  proposedChanges,
  type Answers,
  type Coverage,
  type Packet,
  type PacketResponse,
  type Patient,
  type ProposedChange,
  type QuestionnaireResponse,
  type RelatedPerson,
} from '@caseload/core';
import { useEffect, useMemo, useState } from 'react';
import { useCollection, useDataLayer, useReferencedVersion, useResource } from '../../../data/index.ts';

export interface PacketReviewState {
  response?: PacketResponse;
  packet?: Packet;
  /** The responses of its items, by item key. */
  responses: Map<string, QuestionnaireResponse>;
  patient?: Patient;
  changes: ProposedChange[];
  loading: boolean;
}

/** What a reviewer compares: the packet's answers, and the chart values the answers would change. */
export function usePacketReview(patientId: string, id: string): PacketReviewState {
  const partition = { partition: patientId };
  const layer = useDataLayer();
  const { item: stored, loading } = useResource<PacketResponse>('PacketResponses', id, partition);
  // Read from the server on opening: a copy kept on this device from before it was submitted
  // would offer nothing to accept.
  const [fresh, setFresh] = useState<PacketResponse>();
  useEffect(() => {
    let live = true;
    layer
      .fetchAll<PacketResponse>('PacketResponses', { partition: patientId, filters: [{ field: 'id', op: 'eq', value: id }] })
      .then(([read]) => live && read && setFresh(read))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [layer, patientId, id]);
  const response = !stored || (fresh && fresh.meta.lastModified > stored.meta.lastModified) ? (fresh ?? stored) : stored;
  // The packet as sent (the version the response names), as the server's review reads it.
  const { item: packet } = useReferencedVersion<Packet>('Packets', response?.packet);
  const { item: patient } = useResource<Patient>('Patients', patientId);
  const guardianId = response?.recipient.resourceType === 'RelatedPerson' ? response.recipient.id : undefined;
  const { item: guardian } = useResource<RelatedPerson>('RelatedPeople', guardianId, partition);
  const { items: coverages } = useCollection<Coverage>('Coverages', partition);
  const { items: answered } = useCollection<QuestionnaireResponse>('QuestionnaireResponses', {
    ...partition,
    filters: [{ field: 'packetResponse.id', op: 'eq', value: id }],
  });
  const responses = useMemo(() => {
    const byId = new Map(answered.map((r) => [r.id, r]));
    return new Map((response?.responses ?? []).flatMap((e) => (byId.has(e.response.id) ? [[e.item, byId.get(e.response.id)!]] : [])));
  }, [answered, response]);
  const changes = useMemo(() => {
    if (!packet || !patient) return [];
    const answers: Record<string, Answers> = Object.fromEntries([...responses].map(([k, r]) => [k, r.answers]));
    const coverage = [...coverages].sort((a, b) => a.order - b.order)[0];
    return proposedChanges(packet, answers, {
      Patient: patient,
      ...(guardian && { RelatedPerson: guardian }),
      ...(coverage && { Coverage: coverage }),
    });
  }, [packet, patient, guardian, coverages, responses]);
  return { response, packet, responses, patient, changes, loading };
}
