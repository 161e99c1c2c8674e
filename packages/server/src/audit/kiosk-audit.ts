import { AUDIT_EVENT_TYPES, type Reference } from '@caseload/core';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { AuditRecord } from './audit-writer.ts';

/**
 * Staff opened (or, `ended`, closed) a kiosk session on a packet response: the clinic's device was
 * handed to the packet's recipient for that packet alone (docs/portal.md, "Kiosk mode"). The
 * recipient's own answers through it are audited as theirs, with the account `kiosk:{staff account}`.
 */
export function kioskAudit(
  ctx: RepositoryContext,
  packetResponse: Reference & { partition: string },
  what: 'opened' | 'ended',
  until?: string,
): AuditRecord {
  return {
    practiceId: ctx.practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.patientRecord,
      action: 'E',
      outcome: 'Success',
      description:
        what === 'opened'
          ? `Kiosk opened on the clinic's device for ${packetResponse.display ?? 'a packet'}, until ${until}.`
          : `Kiosk closed by staff for ${packetResponse.display ?? 'a packet'}.`,
      agent: { who: ctx.actor, accountId: ctx.accountId, address: ctx.address },
      entity: { resourceType: 'PacketResponse', id: packetResponse.id },
      patient: { resourceType: 'Patient', id: packetResponse.partition },
      requestId: ctx.requestId,
    },
  };
}
