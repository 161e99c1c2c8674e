import {
  getResourceType,
  hashAnswers,
  type Packet,
  type PacketResponse,
  type QuestionnaireResponse,
  type Reference,
  type ResponseSignature,
  isoInstant,
} from '@caseload/core';
import { AccessPolicy } from '../access/access-policy.ts';
import type { Principal } from '../access/principal.ts';
import type { AuditWriter } from '../audit/audit-writer.ts';
import { CONTENT_GUARDS } from '../content/content-guards.ts';
import type { ContentStore } from '../content/content-store.ts';
import { ContentService } from '../content/content.service.ts';
import type { Database } from '../db/database.ts';
import { reviewPacket } from '../packets/packet-review.service.ts';
import { submitPacket } from '../packets/packet-submit.service.ts';
import { PACKET_RESPONSE, QUESTIONNAIRE_RESPONSE, markKiosk } from '../packets/packet-workflow.ts';
import { systemContext } from '../storage/system-repository.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { ContinuationTokens } from '../storage/continuation-token.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { demoId } from './demo-ids.ts';
import { demoSignaturePng } from './demo-signature-image.ts';

const MEDIA = getResourceType('Media')!;

/** The devices a demo packet is filled in on: the patient's phone (the portal), or the clinic's tablet (the kiosk). */
const DEVICES = {
  phone: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
  kiosk: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
} as const;

export interface DemoFilling {
  db: Database;
  audit: AuditWriter;
  content: ContentStore;
  practiceId: string;
  seed: number;
  /** The plan's key in demo-packets.ts: it names the signature's Media. */
  key: string;
  packet: Packet;
  packetResponseId: string;
  device: keyof typeof DEVICES;
  /** The answers of each item, by item key. */
  answers: Record<string, Record<string, unknown>>;
  /** When the recipient filled the packet in and signed, then sent it. */
  filledAt: Date;
  submittedAt: Date;
  /** When a clinician reviewed it (accepting no chart change), if they did; the system when `by` is absent. */
  review?: { at: Date; by?: Reference };
}

/**
 * The packet's recipient as the portal or the kiosk makes them the caller (packets/kiosk.service.ts,
 * `kioskCaller`): a portal principal reaching their own chart through the portal table only, so
 * every write below passes the rules a real patient's does (the signer is the person signed in,
 * an item never completed alone, the packet open and unexpired). The demo has no session: the
 * account audited is the system's.
 */
function recipientContext(filling: DemoFilling, recipient: Reference, patientId: string, at: Date): RepositoryContext {
  const principal: Principal = {
    accountId: 'system',
    practiceId: filling.practiceId,
    actor: recipient,
    kind: recipient.resourceType === 'Patient' ? 'patient' : 'relatedPerson',
    permissions: new Set(),
    population: { kind: 'patient', patientId },
  };
  const ctx: RepositoryContext = {
    db: filling.db.forRequest({ queries: 0, rows: 0, milliseconds: 0 }),
    practiceId: filling.practiceId,
    actor: recipient,
    accountId: principal.accountId,
    access: new AccessPolicy(principal),
    audit: filling.audit,
    writeOptions: {},
    tokens: new ContinuationTokens(Buffer.from('demo')),
    clock: () => at,
    rules: WRITE_RULES,
  };
  return filling.device === 'kiosk' ? markKiosk(ctx) : ctx;
}

/**
 * Fills a sent demo packet in as its recipient, through the calls a real one goes through: each
 * item's answers saved (the first mark the packet In progress), a consent's drawn signature stored
 * as a Media in the chart with its PNG (the content service, as the signature pad's upload), the
 * signature recorded on the consent's response, then `submitPacket` (responses Complete, a Consent
 * per consent item, the packet Submitted) and, when reviewed, `reviewPacket` as the clinician.
 */
export async function fillDemoPacket(filling: DemoFilling): Promise<void> {
  const system = new ResourceRepository(systemContext(filling.db, filling.audit, filling.practiceId, WRITE_RULES));
  const sent = (await system.read(PACKET_RESPONSE, filling.packetResponseId)) as PacketResponse;
  const filledCtx = recipientContext(filling, sent.recipient, sent.subject.id, filling.filledAt);
  const repo = new ResourceRepository(filledCtx);
  const content = new ContentService({ store: filling.content, maxContentBytes: 1_000_000, guards: CONTENT_GUARDS });
  for (const item of filling.packet.forms) {
    const entry = sent.responses.find((r) => r.item === item.key);
    if (!entry) continue;
    const current = (await repo.read(QUESTIONNAIRE_RESPONSE, entry.response.id)) as QuestionnaireResponse;
    const answers = (filling.answers[item.key] ?? {}) as QuestionnaireResponse['answers'];
    const signatures: ResponseSignature[] = [];
    if (item.kind === 'Consent') {
      const mediaId = demoId(filling.seed, 'Media', `packet-signature:${filling.key}:${item.key}`);
      await repo.update(MEDIA, mediaId, {
        resourceType: 'Media',
        id: mediaId,
        partition: sent.partition,
        display: `Signature: ${item.title}`,
      });
      const png = await demoSignaturePng(filling.seed, `${filling.key}:${item.key}`);
      await content.upload({ type: MEDIA, ctx: filledCtx, repo, id: mediaId }, png, 'image/png');
      signatures.push({
        linkId: 'sign',
        signer: sent.recipient,
        role: sent.recipient.resourceType === 'Patient' ? 'AdhocPatient' : 'RelatedPerson',
        signedAt: isoInstant(filling.filledAt),
        image: { resourceType: 'Media', id: mediaId, partition: sent.partition },
        answersHash: hashAnswers(answers),
        device: DEVICES[filling.device],
      } as ResponseSignature);
    }
    await repo.update(
      QUESTIONNAIRE_RESPONSE,
      current.id,
      { ...current, answers, completion: 'InProgress', ...(signatures.length && { signatures }) } as unknown as Record<string, unknown>,
      current.meta.versionId,
    );
  }
  const submitCtx = recipientContext(filling, sent.recipient, sent.subject.id, filling.submittedAt);
  const submitted = await submitPacket(submitCtx, filling.packetResponseId, {});
  if (!filling.review) return;
  const reviewer: RepositoryContext = {
    ...systemContext(filling.db, filling.audit, filling.practiceId, WRITE_RULES, () => filling.review!.at),
    ...(filling.review.by && { actor: filling.review.by }),
  };
  await reviewPacket(reviewer, filling.packetResponseId, { versionId: submitted.meta.versionId, accept: [] });
}
