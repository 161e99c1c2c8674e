import {
  GAD7_ID,
  PACKET_DEFAULTS,
  addDays,
  PHQ9_ID,
  getResourceType,
  type Packet,
  type PacketItem,
  type QuestionnaireItem,
  type Reference,
  isoInstant,
} from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { Database } from '../db/database.ts';
import { PACKET_RESPONSE, QUESTIONNAIRE_RESPONSE, packetWorkflowRepository } from '../packets/packet-workflow.ts';
import { systemContext, systemRepository } from '../storage/system-repository.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { localInstant, type DemoCalendar } from './demo-calendar.ts';
import type { ChartFacts } from './demo-caseloads.ts';
import { demoId } from './demo-ids.ts';
import { isStored } from './demo-note-configuration.writer.ts';
import { fillDemoPacket } from './demo-packet-signing.ts';

const PACKET = getResourceType('Packet')!;

/**
 * The demo practice's intake packets (docs/portal.md, "Packets"): one for an adult, one for a
 * minor filled in by a guardian, with the consent forms they hold. Configuration only, written
 * through the repository as the system so the publishing and packet rules check it.
 */

const text = (linkId: string, body: string): QuestionnaireItem => ({ linkId, type: 'TextBlock', text: body });

const CONSENTS: { key: string; title: string; items: QuestionnaireItem[] }[] = [
  {
    key: 'consent-treatment',
    title: 'Consent to treatment',
    items: [
      text('words', 'I agree to receive outpatient behavioral health services from this practice and may withdraw at any time.'),
      { linkId: 'sign', type: 'Signature', variant: 'AdhocPatientSignature', text: 'Your signature', required: true },
    ],
  },
  {
    key: 'consent-minor',
    title: 'Consent to treatment of a minor',
    items: [
      text('words', 'As parent or guardian, I agree to outpatient behavioral health services for my child.'),
      { linkId: 'sign', type: 'Signature', variant: 'RelatedPersonSignature', text: 'Signature of the parent or guardian', required: true },
    ],
  },
  {
    key: 'release',
    title: 'Release of information',
    items: [
      { linkId: 'recipient', type: 'String', text: 'Who may receive information', required: true },
      { linkId: 'until', type: 'Date', text: 'This release ends on', required: true },
      { linkId: 'sign', type: 'Signature', variant: 'RelatedPersonSignature', text: 'Signature of the parent or guardian', required: true },
    ],
  },
];

const q = (id: string) => ({ resourceType: 'Questionnaire', id });

/** Writes the demo's consent forms and packets; stored ones are left as they are. Answers how many it wrote. */
export async function writePacketsDemo(db: Database, audit: AuditWriter, practiceId: string, seed: number, calendar: DemoCalendar) {
  const repo = systemRepository(db, audit, practiceId, WRITE_RULES, () => localInstant(calendar, calendar.goLive, '10:30'));
  const id = (key: string) => demoId(seed, 'Questionnaire', key);
  let written = 0;
  for (const consent of CONSENTS) {
    if (await isStored(db.pool, practiceId, 'Questionnaire', id(consent.key))) continue;
    await repo.update(getResourceType('Questionnaire')!, id(consent.key), {
      resourceType: 'Questionnaire',
      id: id(consent.key),
      title: consent.title,
      status: 'Active',
      items: consent.items,
    });
    written++;
  }
  const visit = q(demoId(seed, 'Questionnaire', 'before-your-visit'));
  const packets: { key: string; name: string; audience: 'Adult' | 'Minor'; forms: PacketItem[] }[] = [
    {
      key: 'adult-intake',
      name: 'Adult intake',
      audience: 'Adult',
      forms: [
        { key: 'visit', kind: 'Questionnaire', title: 'Before your visit', form: visit, required: true },
        { key: 'phq9', kind: 'Questionnaire', title: 'PHQ-9', form: q(PHQ9_ID), required: true },
        { key: 'gad7', kind: 'Questionnaire', title: 'GAD-7', form: q(GAD7_ID), required: true },
        {
          key: 'treatment',
          kind: 'Consent',
          title: 'Consent to treatment',
          form: q(id('consent-treatment')),
          required: true,
          consent: { category: 'treatment' },
        },
      ],
    },
    {
      // Questionnaires only, sent before a review visit.
      key: 'check-in',
      name: 'Before your review visit',
      audience: 'Adult',
      forms: [
        { key: 'visit', kind: 'Questionnaire', title: 'Before your visit', form: visit, required: true },
        { key: 'phq9', kind: 'Questionnaire', title: 'PHQ-9', form: q(PHQ9_ID), required: true },
        { key: 'gad7', kind: 'Questionnaire', title: 'GAD-7', form: q(GAD7_ID), required: true },
      ],
    },
    {
      key: 'minor-intake',
      name: 'Intake for a minor',
      audience: 'Minor',
      forms: [
        { key: 'phq9', kind: 'Questionnaire', title: 'PHQ-9', form: q(PHQ9_ID), required: true },
        {
          key: 'treatment',
          kind: 'Consent',
          title: 'Consent to treatment of a minor',
          form: q(id('consent-minor')),
          required: true,
          consent: { category: 'minor-treatment' },
        },
        {
          key: 'release',
          kind: 'Consent',
          title: 'Release of information',
          form: q(id('release')),
          required: false,
          consent: { category: 'release-of-information', recipientLinkId: 'recipient', expiryLinkId: 'until' },
        },
      ],
    },
  ];
  for (const packet of packets) {
    const packetId = demoId(seed, 'Packet', packet.key);
    if (await isStored(db.pool, practiceId, 'Packet', packetId)) continue;
    await repo.update(getResourceType('Packet')!, packetId, {
      resourceType: 'Packet',
      id: packetId,
      name: packet.name,
      audience: packet.audience,
      forms: packet.forms,
    });
    written++;
  }
  return written;
}

/** One packet sent in the demo: to whom, when, and how far it got. */
interface SentPlan {
  key: string;
  patient: Reference;
  packet: 'adult-intake' | 'check-in';
  sentDaysAgo: number;
  dueInDays: number;
  status: 'NotStarted' | 'InProgress' | 'Submitted' | 'Reviewed';
  /** Items answered (all of them once submitted). */
  answered: string[];
  /**
   * Filled in, signed and sent by the patient through the packet calls (demo-packet-signing.ts):
   * on her phone (the portal) or on the clinic's tablet (the kiosk).
   */
  signedOn?: 'phone' | 'kiosk';
}

const PHQ_ANSWERS = {
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9-${i + 1}`, String([1, 2, 1, 1, 0, 1, 0, 1, 0][i])])),
  'phq9-10': 'somewhat',
};
const GAD_ANSWERS = {
  ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`gad7-${i + 1}`, String([2, 1, 1, 2, 0, 1, 1][i])])),
  'gad7-8': 'somewhat',
};
const VISIT_ANSWERS = {
  'since-last': 'worse',
  feeling: 'low',
  'talk-about': 'I have been sleeping badly since I changed jobs.',
};
const ANSWERS: Record<string, Record<string, unknown>> = { visit: VISIT_ANSWERS, phq9: PHQ_ANSWERS, gad7: GAD_ANSWERS };

/**
 * Packets sent to the demo's patients (docs/portal.md, "The demo"): the portal patient's waiting
 * to be filled in, one in progress, one submitted waiting for review, one reviewed, one whose link
 * expired. Sent through the packet workflow's repository as the system (the progress fields are
 * the server's), each dated when it happened. The submitted and reviewed ones are then filled in,
 * signed with a drawn signature and sent by the patient through the packet calls, and the last
 * reviewed by the clinician (demo-packet-signing.ts); the one in progress has its consent unsigned.
 */
export async function writeSentPacketsDemo(
  db: Database,
  audit: AuditWriter,
  input: {
    practiceId: string;
    seed: number;
    calendar: DemoCalendar;
    patients: Reference[];
    /** Where the drawn signatures' PNGs go (the server's content store). */
    content: ContentStore;
    /** The clinician who reviews the reviewed packet (the system when absent). */
    reviewer?: Reference;
  },
): Promise<number> {
  const { practiceId, seed, calendar, patients } = input;
  const [portal, second, third, fourth, fifth] = patients;
  if (!portal || !second || !third || !fourth || !fifth) return 0;
  const plans: SentPlan[] = [
    { key: 'portal', patient: portal, packet: 'adult-intake', sentDaysAgo: 2, dueInDays: 5, status: 'NotStarted', answered: [] },
    {
      key: 'started',
      patient: second,
      packet: 'adult-intake',
      sentDaysAgo: 4,
      dueInDays: 3,
      status: 'InProgress',
      answered: ['visit', 'phq9'],
    },
    {
      key: 'submitted',
      patient: third,
      packet: 'adult-intake',
      sentDaysAgo: 6,
      dueInDays: 1,
      status: 'Submitted',
      answered: ['visit', 'phq9', 'gad7', 'treatment'],
      signedOn: 'phone',
    },
    {
      key: 'reviewed',
      patient: fourth,
      packet: 'adult-intake',
      sentDaysAgo: 20,
      dueInDays: -13,
      status: 'Reviewed',
      answered: ['visit', 'phq9', 'gad7', 'treatment'],
      signedOn: 'kiosk',
    },
    { key: 'expired', patient: fifth, packet: 'adult-intake', sentDaysAgo: 45, dueInDays: -38, status: 'NotStarted', answered: [] },
  ];
  let written = 0;
  for (const plan of plans) {
    const packetId = demoId(seed, 'Packet', plan.packet);
    const id = demoId(seed, 'PacketResponse', `sent:${plan.key}`);
    if (await isStored(db.pool, practiceId, 'PacketResponse', id)) continue;
    const sentAt = localInstant(calendar, addDays(calendar.today, -plan.sentDaysAgo), '09:15');
    const ctx = systemContext(db, audit, practiceId, WRITE_RULES, () => sentAt);
    const packet = await new SystemReader(db.pool, practiceId).get<Packet>(PACKET, packetId);
    if (!packet) continue;
    await ctx.db.transaction(async (tx) => {
      const repo = packetWorkflowRepository(tx, ctx);
      const link = { resourceType: 'PacketResponse', id, display: packet.name };
      const responses = [];
      for (const item of packet.forms) {
        const responseId = demoId(seed, 'QuestionnaireResponse', `packet:${plan.key}:${item.key}`);
        // A packet the patient fills in below is written as sent: her own calls answer it.
        const answered = !plan.signedOn && plan.answered.includes(item.key);
        const closed = !plan.signedOn && (plan.status === 'Submitted' || plan.status === 'Reviewed');
        await repo.update(QUESTIONNAIRE_RESPONSE, responseId, {
          resourceType: 'QuestionnaireResponse',
          id: responseId,
          partition: plan.patient.id,
          questionnaire: item.form,
          subject: plan.patient,
          author: plan.patient,
          completion: closed ? 'Complete' : answered ? 'InProgress' : 'NotStarted',
          answers: answered ? (ANSWERS[item.key] ?? {}) : {},
          packetResponse: link,
        });
        responses.push({ item: item.key, response: { resourceType: 'QuestionnaireResponse', id: responseId, display: item.title } });
      }
      const day = (days: number) =>
        localInstant(calendar, addDays(calendar.today, days), '18:40')
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z');
      await repo.update(PACKET_RESPONSE, id, {
        resourceType: 'PacketResponse',
        id,
        partition: plan.patient.id,
        display: packet.name,
        packet: { resourceType: 'Packet', id: packet.id, versionId: packet.meta.versionId, display: packet.name },
        subject: plan.patient,
        recipient: plan.patient,
        status: plan.signedOn ? 'NotStarted' : plan.status,
        dueDate: addDays(calendar.today, plan.dueInDays),
        expiresAt: new Date(sentAt.getTime() + (packet.expiresAfterDays ?? PACKET_DEFAULTS.expiresAfterDays) * 86_400_000)
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
        sentAt: isoInstant(sentAt),
        sendCount: 1,
        responses,
        ...(!plan.signedOn && plan.status !== 'NotStarted' && { startedAt: day(-plan.sentDaysAgo + 1) }),
      });
    });
    if (plan.signedOn) {
      // Filled in the day after it was sent (in the clinic on the morning of a visit), sent minutes later.
      const filledAt = localInstant(
        calendar,
        addDays(calendar.today, -plan.sentDaysAgo + 1),
        plan.signedOn === 'kiosk' ? '09:40' : '18:40',
      );
      await fillDemoPacket({
        db,
        audit,
        content: input.content,
        practiceId,
        seed,
        key: plan.key,
        packet,
        packetResponseId: id,
        device: plan.signedOn,
        answers: ANSWERS,
        filledAt,
        submittedAt: new Date(filledAt.getTime() + 12 * 60_000),
        ...(plan.status === 'Reviewed' && {
          review: { at: localInstant(calendar, addDays(calendar.today, -plan.sentDaysAgo + 3), '11:20'), by: input.reviewer },
        }),
      });
    }
    written++;
  }
  return written;
}

/** The demo's packet patients: the portal patient (number 1), then the next four adults. */
export function demoPacketPatients(charts: ReadonlyMap<number, ChartFacts>): Reference[] {
  const ref = (c: ChartFacts): Reference => ({
    resourceType: 'Patient',
    id: c.patient.id,
    ...(c.patient.display && { display: c.patient.display }),
  });
  const first = charts.get(1);
  const adults = [...charts.values()]
    .filter((c) => c.n !== 1 && !c.minor)
    .sort((a, b) => a.n - b.n)
    .slice(0, 4);
  return first ? [ref(first), ...adults.map(ref)] : [];
}
