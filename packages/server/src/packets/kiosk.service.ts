import {
  AppError,
  ErrorCodes,
  HEADERS,
  PACKET_MESSAGES,
  badRequest,
  forbidden,
  getResourceType,
  hasFlag,
  isPacketExpired,
  isPacketOpen,
  notFound,
  type KioskAnswersBody,
  type KioskOpenAnswer,
  type KioskSignatureBody,
  type KioskView,
  type PacketResponse,
  type Questionnaire,
  type QuestionnaireResponse,
  type Reference,
  isoInstant,
} from '@caseload/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccessPolicy } from '../access/access-policy.ts';
import type { Principal } from '../access/principal.ts';
import { recordAuditIn } from '../audit/audit-writer.ts';
import { kioskAudit } from '../audit/kiosk-audit.ts';
import type { ContentService } from '../content/content.service.ts';
import type { ResourceScope } from '../http/resource-scope.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { createKioskSession, findKioskSession, finishKioskSession, revokeKioskSessions, type KioskSession } from './kiosk.store.ts';
import { sentPacket, submitPacket } from './packet-submit.service.ts';
import { PACKET_RESPONSE, QUESTIONNAIRE_RESPONSE, isPortalLogin, markKiosk } from './packet-workflow.ts';

/** How long a kiosk session lasts: an intake packet is filled in the waiting room, not over a day. */
export const KIOSK_HOURS = 2;
const MEDIA = getResourceType('Media')!;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Staff only (the practice's own people, not an associate), and only those who may send packets (survey:AssignPackets). */
function assertStaffMayOpen(scope: ResourceScope): void {
  const principal = scope.ctx.access.principal;
  if (isPortalLogin(scope.ctx) || principal.kind !== 'staff' || !hasFlag(principal.permissions, 'survey', 'AssignPackets')) {
    throw forbidden(PACKET_MESSAGES.kioskStaffOnly);
  }
}

/**
 * `POST PacketResponses/{id}/kiosk` (docs/portal.md, "Kiosk mode"): staff hand the clinic's device
 * to the packet's recipient. The answer is a token that opens that one packet response, as its
 * recipient, for KIOSK_HOURS, until the packet is sent from it; the staff member's own session is
 * not part of it (the web app signs out before showing the kiosk). Opening is audited as the
 * staff member's; a packet already sent or whose link expired is refused.
 */
export async function openKiosk(scope: ResourceScope, id: string): Promise<KioskOpenAnswer> {
  assertStaffMayOpen(scope);
  const { ctx } = scope;
  const response = (await scope.repo.read(PACKET_RESPONSE, id)) as PacketResponse;
  const now = ctx.clock();
  if (!isPacketOpen(response)) throw badRequest(PACKET_MESSAGES.closed, [{ path: 'status', message: PACKET_MESSAGES.closed }]);
  if (isPacketExpired(response, now))
    throw badRequest(PACKET_MESSAGES.kioskExpired, [{ path: 'expiresAt', message: PACKET_MESSAGES.kioskExpired }]);
  const expires = new Date(now.getTime() + KIOSK_HOURS * 3_600_000);
  const token = await ctx.db.transaction(async (tx) => {
    const made = await createKioskSession(tx, {
      practiceId: ctx.practiceId,
      packetResponseId: response.id,
      patientId: response.partition,
      openedByAccount: ctx.accountId ?? 'unknown',
      openedBy: ctx.actor ?? { resourceType: 'Account', id: ctx.accountId ?? 'unknown' },
      expiresAt: expires,
    });
    await recordAuditIn(tx, kioskAudit(ctx, { ...response, display: response.display }, 'opened', isoInstant(expires)), now);
    return made;
  });
  return {
    token,
    expiresAt: isoInstant(expires),
    packetResponse: { resourceType: 'PacketResponse', id: response.id, display: response.display },
  };
}

/** `DELETE PacketResponses/{id}/kiosk`: staff end any kiosk left open on the packet (404 when there is none). */
export async function closeKiosk(scope: ResourceScope, id: string): Promise<void> {
  assertStaffMayOpen(scope);
  const { ctx } = scope;
  const response = (await scope.repo.read(PACKET_RESPONSE, id)) as PacketResponse;
  await ctx.db.transaction(async (tx) => {
    if ((await revokeKioskSessions(tx, ctx.practiceId, response.id)) === 0) throw notFound('no open kiosk');
    await recordAuditIn(tx, kioskAudit(ctx, response, 'ended'), ctx.clock());
  });
}

/** A kiosk call's caller: the session its token opens, and a repository acting as the packet's recipient. */
export interface KioskCaller {
  session: KioskSession;
  token: string;
  ctx: RepositoryContext;
  repo: ResourceRepository;
}

const ended = () => new AppError(ErrorCodes.Unauthorized, PACKET_MESSAGES.kioskEnded);

/**
 * The caller of a kiosk call, from its `X-Kiosk-Token`: the packet's recipient (a patient, or a
 * guardian), reaching their own chart only through the portal table, like their own portal login,
 * and further held to the one packet response by each kiosk call. Audited as the recipient, with
 * the account `kiosk:{the staff account that opened it}`. An unknown, expired or revoked token is a
 * 401; a finished one a 410 saying to hand the device back, whatever the call.
 */
export async function kioskCaller(app: FastifyInstance, request: FastifyRequest): Promise<KioskCaller> {
  const header = request.headers[HEADERS.kioskToken];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token || token.length > 200) throw ended();
  const db = app.db.forRequest(request.stats);
  const session = await findKioskSession(db, token, app.clock());
  if (!session) throw ended();
  if (session.finishedAt) throw new AppError(ErrorCodes.Gone, PACKET_MESSAGES.kioskFinished);
  const packetResponse = await new SystemReader(db, session.practiceId).get<PacketResponse>(PACKET_RESPONSE, session.packetResponseId);
  if (!packetResponse) throw ended();
  const recipient = packetResponse.recipient;
  const principal: Principal = {
    accountId: `kiosk:${session.openedByAccount}`,
    practiceId: session.practiceId,
    actor: recipient,
    kind: recipient.resourceType === 'Patient' ? 'patient' : 'relatedPerson',
    permissions: new Set(),
    population: { kind: 'patient', patientId: session.patientId },
  };
  const ctx = markKiosk({
    db,
    practiceId: session.practiceId,
    actor: recipient,
    accountId: principal.accountId,
    access: new AccessPolicy(principal),
    audit: app.audit,
    requestId: request.id,
    address: request.ip,
    writeOptions: {},
    tokens: app.tokens,
    clock: app.clock,
    rules: WRITE_RULES,
  });
  return { session, token, ctx, repo: new ResourceRepository(ctx) };
}

/** The packet response, read as its recipient; one submitted by other means ends the kiosk too. */
async function kioskPacket(caller: KioskCaller): Promise<PacketResponse> {
  const response = (await caller.repo.read(PACKET_RESPONSE, caller.session.packetResponseId)) as PacketResponse;
  if (!isPacketOpen(response)) throw new AppError(ErrorCodes.Gone, PACKET_MESSAGES.kioskFinished);
  return response;
}

/** `GET kiosk`: the packet, its items' questionnaires and responses; nothing else of the chart. */
export async function kioskView(caller: KioskCaller): Promise<KioskView> {
  const response = await kioskPacket(caller);
  const packet = await sentPacket(caller.repo, response);
  const items: KioskView['items'] = [];
  for (const item of packet.forms) {
    const entry = response.responses.find((r) => r.item === item.key);
    if (!entry) continue;
    const answers = (await caller.repo.read(QUESTIONNAIRE_RESPONSE, entry.response.id)) as QuestionnaireResponse;
    const ref = answers.questionnaire;
    const type = getResourceType(ref.resourceType)!;
    // The questionnaire is practice configuration; the version answered is the one shown.
    const questionnaire =
      (ref.versionId && (await caller.repo.system.version<Questionnaire>(type, ref.id, ref.versionId))) ||
      (await caller.repo.system.get<Questionnaire>(type, ref.id, { includeDeleted: true }));
    if (!questionnaire) throw notFound();
    items.push({ item, questionnaire, response: answers });
  }
  const recipient = caller.ctx.actor!;
  const person = await caller.repo.system.get(getResourceType(recipient.resourceType)!, recipient.id);
  return {
    practiceId: caller.session.practiceId,
    packetResponse: response,
    packetName: packet.name,
    recipient: { resourceType: recipient.resourceType, id: recipient.id, ...(person?.display && { display: person.display }) },
    items,
    expiresAt: isoInstant(caller.session.expiresAt),
    finished: false,
  };
}

/** The response of one of the packet's items; any other id is a 404 (the kiosk reaches nothing else). */
function assertItemResponse(response: PacketResponse, responseId: string): void {
  if (!response.responses.some((r) => r.response.id === responseId)) throw notFound();
}

/**
 * `PUT kiosk/responses/{id}`: one item's answers and signatures, as the recipient, through the
 * same rules as the portal's own writes (open and unexpired packet, signer the recipient, never
 * completed alone); the practice's `allowMobilePatientSignature` does not apply (the clinic's device).
 */
export async function kioskSaveAnswers(caller: KioskCaller, responseId: string, body: KioskAnswersBody): Promise<QuestionnaireResponse> {
  const response = await kioskPacket(caller);
  assertItemResponse(response, responseId);
  const current = (await caller.repo.read(QUESTIONNAIRE_RESPONSE, responseId)) as QuestionnaireResponse;
  const next = {
    ...current,
    answers: body.answers,
    completion: 'InProgress',
    ...(body.signatures && { signatures: body.signatures }),
  } as unknown as Record<string, unknown>;
  const written = await caller.repo.update(QUESTIONNAIRE_RESPONSE, responseId, next, body.versionId);
  return written.resource as QuestionnaireResponse;
}

/** `POST kiosk/signatures`: a drawn signature's PNG, a new Media in the patient's chart given its image. */
export async function kioskSignature(
  caller: KioskCaller,
  content: ContentService,
  body: KioskSignatureBody,
): Promise<Reference & { partition: string }> {
  const response = await kioskPacket(caller);
  const bytes = Buffer.from(body.png, 'base64');
  if (bytes.length < PNG.length || !bytes.subarray(0, PNG.length).equals(PNG)) {
    throw badRequest('png must be a PNG image, base64-encoded.', [{ path: 'png', message: 'png must be a PNG image, base64-encoded.' }]);
  }
  const media = await caller.repo.create(MEDIA, {
    resourceType: 'Media',
    partition: response.partition,
    display: `Signature: ${body.title ?? response.display ?? 'packet'}`,
  });
  const id = media.resource.id;
  await content.upload({ type: MEDIA, ctx: caller.ctx, repo: caller.repo, id }, bytes, 'image/png');
  return { resourceType: 'Media', id, partition: response.partition };
}

/**
 * `POST kiosk/submit`: the packet submitted as its recipient (every check of the portal's own
 * submit), then the kiosk finished: from then on every call with its token answers 410 "Thank you,
 * please hand the device back", and the device shows only that until staff sign in.
 */
export async function kioskSubmit(caller: KioskCaller): Promise<PacketResponse> {
  const response = await kioskPacket(caller);
  const submitted = await submitPacket(caller.ctx, response.id, {});
  await finishKioskSession(caller.ctx.db, caller.token);
  return submitted;
}
