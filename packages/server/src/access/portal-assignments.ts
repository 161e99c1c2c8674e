import { badRequest, canonicalJson, getResourceType, type Reference } from '@caseload/core';
import type { BeforeWrite } from '../storage/resource-hooks.ts';
import { systemReader } from '../storage/system-reader.ts';

const PACKET = getResourceType('Packet')!;
const NOT_ASSIGNED = 'packet must be a packet assigned to the patient.';

/**
 * A portal login reaches the packets named by the responses in its partition (portal reach
 * `assigned`, and through them their forms), so its own response may not name a packet it was
 * not assigned: a new response, or a changed `packet`, must name one it reaches already. Staff
 * who may write responses (Assign packets) assign any packet.
 */
export const assignedPacketsOnly: BeforeWrite = async (tx, ctx, resource, previous) => {
  const kind = ctx.access.principal.kind;
  if ((kind !== 'patient' && kind !== 'relatedPerson') || resource.meta.isDeleted) return;
  const packet = resource.packet as Reference | undefined;
  if (previous && canonicalJson(previous.packet ?? null) === canonicalJson(packet ?? null)) return;
  const assigned =
    typeof packet?.id === 'string' &&
    (await systemReader(tx, ctx).exists(PACKET, { ids: [packet.id], reachableBy: { access: ctx.access } }));
  if (!assigned) throw badRequest(NOT_ASSIGNED, [{ path: 'packet', message: NOT_ASSIGNED }]);
};
