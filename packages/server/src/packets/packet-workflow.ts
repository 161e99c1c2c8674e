import { getResourceType } from '@caseload/core';
import { transactionAudit } from '../audit/audit-writer.ts';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';

export const PACKET = getResourceType('Packet')!;
export const PACKET_RESPONSE = getResourceType('PacketResponse')!;
export const QUESTIONNAIRE_RESPONSE = getResourceType('QuestionnaireResponse')!;
export const CONSENT = getResourceType('Consent')!;

/**
 * Contexts of the packet calls (send, resend, submit, review). The PacketResponse rules let them
 * write the server-owned fields, and a QuestionnaireResponse its `packetResponse` link; any other
 * writer has those fields kept as stored. A context cannot be forged from a request body.
 */
const workflowContexts = new WeakSet<RepositoryContext>();

export function isPacketWorkflow(ctx: RepositoryContext): boolean {
  return workflowContexts.has(ctx);
}

/**
 * A repository inside the call's transaction acting as the caller (permissions, reach and audit as
 * usual), recognised by the packet rules as the packet workflow. Its read audits join the
 * transaction, so a refused call leaves no half-done trail; the refusal itself is recorded.
 */
export function packetWorkflowRepository(tx: Queryable, ctx: RepositoryContext): ResourceRepository {
  const workflow: RepositoryContext = { ...ctx, audit: transactionAudit(tx, ctx.audit, ctx.clock) };
  workflowContexts.add(workflow);
  return new ResourceRepository(workflow, tx);
}

/**
 * Contexts of kiosk calls (packets/kiosk.service.ts): the recipient acting on the clinic's device
 * through a kiosk token. They are portal logins in every other respect.
 */
const kioskContexts = new WeakSet<RepositoryContext>();

export function markKiosk(ctx: RepositoryContext): RepositoryContext {
  kioskContexts.add(ctx);
  return ctx;
}

/** Whether the caller is a kiosk: the clinic's device, so `allowMobilePatientSignature` does not apply. */
export const isKiosk = (ctx: RepositoryContext) => kioskContexts.has(ctx);

/** Whether the caller is a portal login (a patient or a related person). */
export const isPortalLogin = (ctx: RepositoryContext) =>
  ctx.access.principal.kind === 'patient' || ctx.access.principal.kind === 'relatedPerson';
