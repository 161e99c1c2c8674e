import { isPacketOpen, type PacketResponse, type Reference } from '@caseload/core';

/** The packets a portal login sees: those still to fill in (soonest due first), and those sent. */
export interface PortalPackets {
  toDo: PacketResponse[];
  done: PacketResponse[];
}

/** Whether a packet response was sent to this login (the recipient), and is live. */
export const isMyPacket = (response: PacketResponse, me: Pick<Reference, 'resourceType' | 'id'>) =>
  !response.meta?.isDeleted && response.recipient?.resourceType === me.resourceType && response.recipient.id === me.id;

/** The login's packets out of those in the chart. */
export function portalPackets(responses: readonly PacketResponse[], me: Pick<Reference, 'resourceType' | 'id'>): PortalPackets {
  const mine = responses.filter((r) => isMyPacket(r, me));
  return {
    toDo: mine.filter((r) => isPacketOpen(r)).sort((a, b) => a.dueDate.localeCompare(b.dueDate)),
    done: mine.filter((r) => !isPacketOpen(r)).sort((a, b) => (b.submittedAt ?? '').localeCompare(a.submittedAt ?? '')),
  };
}

/** Whether the packet's link has expired at `now` (answers are then refused until it is re-sent). */
export const isLinkExpired = (response: Pick<PacketResponse, 'expiresAt'>, now = Date.now()) =>
  Boolean(response.expiresAt) && Date.parse(response.expiresAt) <= now;
