import { randomUUID } from 'node:crypto';
import {
  PACKET_DEFAULTS,
  PACKET_MESSAGES,
  badRequest,
  getResourceType,
  isPacketOpen,
  type Packet,
  type PacketResendBody,
  type PacketResponse,
  type PacketSendBody,
  type Reference,
  type Resource,
  isoInstant,
} from '@caseload/core';
import type { ResourceScope } from '../http/resource-scope.ts';
import { sendInvite } from '../identity/invite.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { emailOnFile, mailPacket, packetLink, portalAccountOf, practiceToday } from './packet-mail.ts';
import { PACKET, PACKET_RESPONSE, QUESTIONNAIRE_RESPONSE, packetWorkflowRepository } from './packet-workflow.ts';

export interface PacketDeps {
  scope: ResourceScope;
  mailer: Mailer;
  publicUrl: () => string;
}

const PATIENT = getResourceType('Patient')!;
const RELATED_PERSON = getResourceType('RelatedPerson')!;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const refused = (message: string, path: string) => badRequest(message, [{ path, message }]);
const ref = (r: Resource, display?: string): Reference => ({ resourceType: r.resourceType, id: r.id, display: display ?? r.display });

/** The person who fills the packet in: the patient, or a guardian of theirs (read as the caller). */
async function recipientOf(repo: ResourceRepository, patient: Resource, body: PacketSendBody): Promise<Resource> {
  const named = body.recipient;
  if (!named || named.resourceType === 'Patient') {
    if (named && named.id !== patient.id) throw refused(PACKET_MESSAGES.otherPatient, 'recipient');
    return patient;
  }
  const person = await repo.read(RELATED_PERSON, named.id);
  if (person.partition !== patient.id) throw refused(PACKET_MESSAGES.otherPatient, 'recipient');
  if ((person as { isGuardian?: boolean }).isGuardian !== true) throw refused(PACKET_MESSAGES.notGuardian, 'recipient');
  return person;
}

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/**
 * Sends a packet (docs/portal.md, "Packets"): one PacketResponse for the recipient and, in the
 * same transaction, one QuestionnaireResponse per item for them to answer, all through the
 * caller's repository (their reach of the patient, their permission to assign forms, audited).
 * Then the link is e-mailed: with an invitation first when the recipient has no portal login yet.
 */
export async function sendPacket(
  deps: PacketDeps,
  packetId: string,
  body: PacketSendBody,
  outer: ResourceRepository = deps.scope.repo,
): Promise<SentPacket> {
  const { ctx } = deps.scope;
  const now = ctx.clock();
  const { timeZone, today } = await practiceToday(ctx.db, ctx.practiceId, now);
  if (!DAY.test(body.dueDate) || body.dueDate < today) throw refused(PACKET_MESSAGES.dueDate, 'dueDate');
  const created = await outer.inTransaction(async (inTx) => {
    const repo = packetWorkflowRepository(inTx.queryable, ctx);
    const packet = (await repo.read(PACKET, packetId)) as Packet;
    if (packet.active === false) throw refused(PACKET_MESSAGES.inactivePacket, 'packet');
    const patient = await repo.read(PATIENT, body.patient);
    const recipient = await recipientOf(repo, patient, body);
    const id = randomUUID();
    const link: Reference = { resourceType: 'PacketResponse', id, display: packet.name };
    const responses = [];
    for (const item of packet.forms) {
      const written = await repo.create(QUESTIONNAIRE_RESPONSE, {
        resourceType: 'QuestionnaireResponse',
        partition: patient.id,
        questionnaire: item.form,
        subject: ref(patient),
        author: ref(recipient),
        completion: 'NotStarted',
        answers: {},
        packetResponse: link,
      });
      responses.push({ item: item.key, response: ref(written.resource, item.title) });
    }
    const response: Omit<PacketResponse, 'meta'> = {
      resourceType: 'PacketResponse',
      id,
      partition: patient.id,
      display: packet.name,
      packet: { resourceType: 'Packet', id: packet.id, versionId: packet.meta.versionId, display: packet.name },
      subject: ref(patient),
      recipient: ref(recipient),
      status: 'NotStarted',
      dueDate: body.dueDate,
      expiresAt: isoInstant(addDays(now, packet.expiresAfterDays ?? PACKET_DEFAULTS.expiresAfterDays)),
      sentAt: isoInstant(now),
      ...(ctx.actor && { sentBy: ctx.actor }),
      sendCount: 1,
      responses,
    };
    const email = body.email?.trim() || emailOnFile(recipient);
    if (email) response.sentTo = email;
    return { response: (await repo.update(PACKET_RESPONSE, id, response as never)).resource as PacketResponse, recipient };
  });
  return { ...created, timeZone };
}

/** A packet written (sent or re-sent), its e-mail still to go once the transaction has committed. */
export interface SentPacket {
  response: PacketResponse;
  recipient: Resource;
  timeZone: string;
}

/** E-mails a packet written by `sendPacket` or `resendPacket`, after its transaction committed. */
export const deliverPacket = (deps: PacketDeps, sent: SentPacket) => deliver(deps, sent.response, sent.recipient, sent.timeZone);

/**
 * E-mails the link to `sentTo`: a recipient without a portal login is first invited (the invite
 * flow's own e-mail, its own audit), since the packet is filled in signed in.
 */
async function deliver(deps: PacketDeps, response: PacketResponse, recipient: Resource, timeZone: string): Promise<void> {
  const { ctx } = deps.scope;
  const to = response.sentTo;
  if (!to) return;
  const account = await portalAccountOf(ctx.db, ctx.practiceId, response.recipient);
  if (!account.active) {
    await sendInvite({ ...deps, scope: { ...deps.scope, type: getResourceType(recipient.resourceType)! } }, recipient.id, { target: to });
  }
  await mailPacket(deps.mailer, 'sent', to, packetLink(deps.publicUrl(), response.id), response, timeZone);
}

/**
 * Re-sends an open packet: a fresh expiry counted from now (the link sent before stops at once:
 * the expiry is the response's, one for all its links), the due day given or the one it had, the
 * e-mail again (to the address given, else the last one used, else the one on file), and the
 * reminder due again before the (new) due day. A submitted packet is not re-sent.
 */
export async function resendPacket(deps: PacketDeps, id: string, body: PacketResendBody): Promise<SentPacket> {
  const { ctx } = deps.scope;
  const now = ctx.clock();
  const { timeZone, today } = await practiceToday(ctx.db, ctx.practiceId, now);
  if (body.dueDate !== undefined && (!DAY.test(body.dueDate) || body.dueDate < today)) throw refused(PACKET_MESSAGES.dueDate, 'dueDate');
  const done = await ctx.db.transaction(async (tx) => {
    const repo = packetWorkflowRepository(tx, ctx);
    const row = await repo.currentForWrite(PACKET_RESPONSE, id);
    const current = row.body as unknown as PacketResponse;
    if (!isPacketOpen(current)) throw refused(PACKET_MESSAGES.closed, 'status');
    const packet = (await repo.system.get<Packet>(PACKET, current.packet.id)) ?? undefined;
    const recipient = await repo.read(getResourceType(current.recipient.resourceType)!, current.recipient.id);
    const email = body.email?.trim() || current.sentTo || emailOnFile(recipient);
    const next = await repo.writeNextVersion(PACKET_RESPONSE, row, (fields) => {
      // A new due day makes the reminder before it due again.
      if (body.dueDate && body.dueDate !== current.dueDate) delete fields.remindedAt;
      return {
        ...fields,
        expiresAt: isoInstant(addDays(now, packet?.expiresAfterDays ?? PACKET_DEFAULTS.expiresAfterDays)),
        sentAt: isoInstant(now),
        ...(ctx.actor && { sentBy: ctx.actor }),
        sendCount: (current.sendCount ?? 0) + 1,
        ...(email && { sentTo: email }),
        ...(body.dueDate && { dueDate: body.dueDate }),
      };
    });
    return { response: next as unknown as PacketResponse, recipient };
  });
  return { ...done, timeZone };
}
