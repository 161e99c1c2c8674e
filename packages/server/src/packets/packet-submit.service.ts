import {
  CONSENT_CATEGORIES,
  PACKET_MESSAGES,
  badRequest,
  forbidden,
  getResourceType,
  isPacketExpired,
  isPacketOpen,
  toCoding,
  validateResponse,
  type Issue,
  type Packet,
  type PacketItem,
  type PacketResponse,
  type PacketSubmitBody,
  type Questionnaire,
  type QuestionnaireResponse,
  type Reference,
  isoInstant,
} from '@caseload/core';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { practiceToday } from './packet-mail.ts';
import { CONSENT, PACKET, PACKET_RESPONSE, QUESTIONNAIRE_RESPONSE, isPortalLogin, packetWorkflowRepository } from './packet-workflow.ts';

const refused = (message: string, path: string) => badRequest(message, [{ path, message }]);

/** The packet as it was when sent (the version its response names). */
export async function sentPacket(repo: ResourceRepository, response: PacketResponse): Promise<Packet> {
  const sent = response.packet.versionId && (await repo.system.version<Packet>(PACKET, response.packet.id, response.packet.versionId));
  return sent || ((await repo.system.get<Packet>(PACKET, response.packet.id, { includeDeleted: true })) as Packet);
}

/** One item's response, read as the caller, and the questionnaire version it answers. */
async function itemAnswers(repo: ResourceRepository, response: PacketResponse, item: PacketItem) {
  const entry = response.responses.find((r) => r.item === item.key);
  if (!entry) return undefined;
  const answers = (await repo.read(QUESTIONNAIRE_RESPONSE, entry.response.id)) as QuestionnaireResponse;
  const ref = answers.questionnaire;
  const type = getResourceType(ref.resourceType)!;
  const questionnaire = ref.versionId ? await repo.system.version<Questionnaire>(type, ref.id, ref.versionId) : undefined;
  return { answers, questionnaire: questionnaire ?? ((await repo.system.get<Questionnaire>(type, ref.id)) as Questionnaire) };
}

const started = (r: QuestionnaireResponse) => Object.keys(r.answers ?? {}).length > 0 || (r.signatures?.length ?? 0) > 0;

/** The answer to a question as text, for a consent's recipient or end date. */
const textAnswer = (r: QuestionnaireResponse, linkId: string | undefined) => {
  const value = linkId ? r.answers?.[linkId] : undefined;
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/** The caller submits a packet sent to them; staff may submit one filled in on the clinic's device. */
function assertRecipient(ctx: RepositoryContext, response: PacketResponse): void {
  if (!isPortalLogin(ctx)) return;
  const actor = ctx.actor;
  if (actor?.resourceType !== response.recipient.resourceType || actor.id !== response.recipient.id) {
    throw forbidden(PACKET_MESSAGES.notRecipient);
  }
}

/**
 * Submits a packet (docs/portal.md, "Packets"): every required item answered in full and signed
 * where it asks for a signature, else a 400 naming each item and question (`{item}.{linkId}`) and
 * nothing stored. Then, in one transaction: each answered item's response marked Complete (closed
 * to the portal from then on), a Consent for each consent item, the packet response Submitted.
 */
export async function submitPacket(
  ctx: RepositoryContext,
  id: string,
  body: PacketSubmitBody,
  outer: ResourceRepository = new ResourceRepository(ctx),
): Promise<PacketResponse> {
  const now = ctx.clock();
  const { today } = await practiceToday(ctx.db, ctx.practiceId, now);
  return outer.inTransaction(async (inTx) => {
    const repo = packetWorkflowRepository(inTx.queryable, ctx);
    const row = await repo.currentForWrite(PACKET_RESPONSE, id, { expectedVersionId: body.versionId });
    const response = row.body as unknown as PacketResponse;
    // Inside the repository's attempt, so the refusal is audited like any other 403.
    await repo.attempt(PACKET_RESPONSE, 'U', { id }, async () => assertRecipient(ctx, response));
    if (!isPacketOpen(response)) throw refused(PACKET_MESSAGES.closed, 'status');
    if (isPacketExpired(response, now)) throw refused(PACKET_MESSAGES.expired, 'expiresAt');
    const packet = await sentPacket(repo, response);
    const issues: Issue[] = [];
    const toComplete: { item: PacketItem; answers: QuestionnaireResponse }[] = [];
    for (const item of packet.forms) {
      const found = await itemAnswers(repo, response, item);
      if (!found) {
        if (item.required) issues.push({ path: item.key, message: PACKET_MESSAGES.itemMissing(item.title) });
        continue;
      }
      if (!item.required && !started(found.answers)) continue;
      const problems = validateResponse(found.questionnaire, { ...found.answers, completion: 'Complete' });
      for (const p of problems) issues.push({ path: `${item.key}.${p.path}`, message: PACKET_MESSAGES.itemInvalid(item.title, p.message) });
      toComplete.push({ item, answers: found.answers });
    }
    if (issues.length)
      throw badRequest(issues.length === 1 ? issues[0]!.message : `${issues.length} answers are missing or invalid.`, issues);

    const consents: Reference[] = [];
    for (const { item, answers } of toComplete) {
      const written = await repo.update(QUESTIONNAIRE_RESPONSE, answers.id, { ...answers, completion: 'Complete' }, answers.meta.versionId);
      if (!item.consent) continue;
      const category = toCoding(CONSENT_CATEGORIES, item.consent.category);
      const end = textAnswer(answers, item.consent.expiryLinkId);
      const recipient = textAnswer(answers, item.consent.recipientLinkId);
      const consent = await repo.create(CONSENT, {
        resourceType: 'Consent',
        partition: response.partition,
        patient: response.subject,
        category,
        status: 'active',
        date: today,
        period: { start: today, ...(end && { end }) },
        ...(recipient && { recipient }),
        author: ctx.actor ?? response.recipient,
        source: { resourceType: 'PacketResponse', id: response.id, display: response.display },
        response: {
          resourceType: 'QuestionnaireResponse',
          id: answers.id,
          versionId: written.resource.meta.versionId,
          display: item.title,
        },
      });
      consents.push({ resourceType: 'Consent', id: consent.resource.id, display: category.display });
    }
    const next = await repo.writeNextVersion(PACKET_RESPONSE, row, (fields) => ({
      ...fields,
      status: 'Submitted',
      submittedAt: isoInstant(now),
      ...(ctx.actor && { submittedBy: ctx.actor }),
      consents,
    }));
    return next as unknown as PacketResponse;
  });
}
