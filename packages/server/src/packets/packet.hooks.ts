import {
  PACKET_MESSAGES,
  badRequest,
  forbidden,
  isPacketExpired,
  isPacketOpen,
  packetIssues,
  type Packet,
  type PacketResponse,
  type QuestionnaireResponse,
  type Resource,
  type ResponseSignature,
  isoInstant,
} from '@caseload/core';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { systemReader } from '../storage/system-reader.ts';
import { PACKET_RESPONSE, isKiosk, isPacketWorkflow, isPortalLogin } from './packet-workflow.ts';

/** A packet's configuration: items keyed, each naming a questionnaire, consents of a known category. */
export const packetRules: BeforeWrite = async (_tx, _ctx, resource) => {
  if (resource.meta.isDeleted) return;
  const issues = packetIssues(resource as Partial<Packet>);
  if (issues.length) throw badRequest(issues.length === 1 ? issues[0]!.message : 'The packet is invalid.', issues);
};

/** What only the packet calls write on a packet response (docs/portal.md, "Packets"). */
export const PACKET_RESPONSE_SERVER_FIELDS = [
  'status',
  'subject',
  'recipient',
  'expiresAt',
  'sentAt',
  'sentBy',
  'sentTo',
  'sendCount',
  'remindedAt',
  'responses',
  'startedAt',
  'submittedAt',
  'submittedBy',
  'consents',
  'reviewedAt',
  'reviewedBy',
  'accepted',
] as const;

/**
 * A packet response's progress, recipient, link and review are the server's: any write but the
 * packet calls' keeps them as stored (a new one starts Not started), and once sent its packet is
 * kept too, so no client can mark a packet submitted or reviewed, or change whom it was sent to.
 */
export const packetResponseRules: BeforeWrite = async (_tx, ctx, resource, previous) => {
  if (isPacketWorkflow(ctx)) return;
  const next = resource as Record<string, unknown>;
  const prior = previous as Record<string, unknown> | undefined;
  for (const field of PACKET_RESPONSE_SERVER_FIELDS) {
    if (prior && prior[field] !== undefined) next[field] = prior[field];
    else delete next[field];
  }
  if (prior?.sentAt !== undefined) next.packet = prior.packet;
  next.status ??= 'NotStarted';
};

/** A signature made now (not carried over from the stored response). */
const signatureKey = (s: ResponseSignature) => `${s.image?.id}|${s.signedAt}|${s.role}|${s.signer?.resourceType}/${s.signer?.id}`;
const newSignatures = (next: QuestionnaireResponse, prior: QuestionnaireResponse | undefined) => {
  const kept = new Set((prior?.signatures ?? []).map(signatureKey));
  return (next.signatures ?? []).filter((s) => !kept.has(signatureKey(s)));
};

/**
 * A portal login signs as itself: the signer is the person signed in (a patient as AdhocPatient,
 * a related person as RelatedPerson), and only where the practice takes signatures on patients'
 * own devices (`allowMobilePatientSignature`).
 */
async function assertPortalSignatures(tx: Parameters<BeforeWrite>[0], ctx: Parameters<BeforeWrite>[1], made: ResponseSignature[]) {
  if (made.length === 0 || !isPortalLogin(ctx)) return;
  const actor = ctx.actor;
  const role = ctx.access.principal.kind === 'patient' ? 'AdhocPatient' : 'RelatedPerson';
  for (const s of made) {
    if (!actor || s.signer?.resourceType !== actor.resourceType || s.signer?.id !== actor.id || s.role !== role) {
      throw forbidden(PACKET_MESSAGES.signerSelf);
    }
  }
  // A kiosk is the clinic's tablet, handed over by staff: not the patient's own device.
  if (isKiosk(ctx)) return;
  const preferences = await loadPracticePreferences(tx, ctx.practiceId);
  if (!preferences.allowMobilePatientSignature) {
    throw badRequest(PACKET_MESSAGES.mobileSignature, [{ path: 'signatures', message: PACKET_MESSAGES.mobileSignature }]);
  }
}

/**
 * The packet side of a questionnaire response, after its own rules (which pin the version
 * answered): its `packetResponse` link is the packet calls' alone; a new signature records the
 * questionnaire version signed; a portal login answers a packet item only while the packet is
 * open and its link unexpired, and its first answers mark the packet In progress (a change the
 * server makes for the caller, in the same transaction, audited as theirs).
 */
export const responseInPacket: BeforeWrite = async (tx, ctx, resource, previous) => {
  const response = resource as QuestionnaireResponse;
  const prior = previous as QuestionnaireResponse | undefined;
  if (!isPacketWorkflow(ctx)) {
    if (prior?.packetResponse) response.packetResponse = prior.packetResponse;
    else delete response.packetResponse;
  }
  if (resource.meta.isDeleted) return;
  const made = newSignatures(response, prior);
  for (const s of made) s.questionnaireVersion = response.questionnaire.versionId;
  await assertPortalSignatures(tx, ctx, made);
  const link = response.packetResponse;
  if (!link || isPacketWorkflow(ctx) || !isPortalLogin(ctx)) return;
  const [row] = await systemReader(tx, ctx).rows(PACKET_RESPONSE, { ids: [link.id], lock: true });
  if (!row) return;
  const packetResponse = row.body as unknown as PacketResponse;
  if (!isPacketOpen(packetResponse)) throw forbidden(PACKET_MESSAGES.closed);
  if (response.completion === 'Complete' && prior?.completion !== 'Complete') {
    throw badRequest(PACKET_MESSAGES.submitTogether, [{ path: 'completion', message: PACKET_MESSAGES.submitTogether }]);
  }
  if (isPacketExpired(packetResponse, ctx.clock())) {
    throw badRequest(PACKET_MESSAGES.expired, [{ path: 'packetResponse', message: PACKET_MESSAGES.expired }]);
  }
  if (packetResponse.status === 'NotStarted' && hasAnswers(response)) {
    const started: Resource = { ...(row.body as Resource), status: 'InProgress', startedAt: isoInstant(ctx.clock()) } as Resource;
    await new ResourceRepository(ctx, tx).rewrite(PACKET_RESPONSE, row, started as unknown as Record<string, unknown>);
  }
};

const hasAnswers = (response: QuestionnaireResponse) =>
  Object.keys(response.answers ?? {}).length > 0 || (response.signatures?.length ?? 0) > 0;

/**
 * A portal login gives a Media (a drawn signature) its image once: a Media that already holds
 * content is never replaced through the portal, whoever stored it.
 */
export const portalMediaOnce: BeforeWrite = async (_tx, ctx, resource, previous) => {
  if (!isPortalLogin(ctx) || !previous || resource.meta.isDeleted) return;
  if ((previous as { content?: unknown }).content !== undefined) throw forbidden('a portal login may not replace a stored image');
};
