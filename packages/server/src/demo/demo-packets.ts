import { GAD7_ID, PHQ9_ID, getResourceType, type PacketItem, type QuestionnaireItem } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { systemRepository } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { localInstant, type DemoCalendar } from './demo-calendar.ts';
import { demoId } from './demo-ids.ts';
import { isStored } from './demo-note-configuration.writer.ts';

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
