import { addDays, getResourceType, toCoding, DOCUMENT_CATEGORIES, type Reference } from '@caseload/core';
import PDFDocument from 'pdfkit';
import type { AuditWriter } from '../audit/audit-writer.ts';
import { CONTENT_GUARDS } from '../content/content-guards.ts';
import type { ContentStore } from '../content/content-store.ts';
import { ContentService } from '../content/content.service.ts';
import type { Database } from '../db/database.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { systemContext } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { localInstant, type DemoCalendar } from './demo-calendar.ts';
import { demoId } from './demo-ids.ts';
import { isStored } from './demo-note-configuration.writer.ts';

/**
 * The portal patient's chart documents (docs/portal.md, "Documents"; docs/demo.md): a welcome
 * letter and her safety plan shared with her, and an intake summary the care team keeps to
 * itself. Each is a small real PDF stored as a Media's content through the content service, and a
 * DocumentReference naming it, written through the repository as the clinician on the practice's
 * calendar, so the document rules set its author and sharing as they do for a real upload.
 */

const MEDIA = getResourceType('Media')!;
const DOCUMENT_REFERENCE = getResourceType('DocumentReference')!;

interface DemoDocument {
  key: string;
  title: string;
  category: string;
  daysAgo: number;
  shared: boolean;
  paragraphs: (patientName: string) => string[];
}

const DOCUMENTS: DemoDocument[] = [
  {
    key: 'welcome-letter',
    title: 'Welcome letter',
    category: 'letter',
    daysAgo: 40,
    shared: true,
    paragraphs: (name) => [
      `Dear ${name},`,
      'Welcome to the practice. This letter sums up how we will work together: your visits, ' +
        'how to reach your care team between them, and what to do in an emergency.',
      'Your forms and paperwork are in your portal, under Paperwork and Forms. If anything is unclear, ask us at your next visit.',
      'If you are in crisis, call or text 988, or call 911.',
    ],
  },
  {
    key: 'safety-plan',
    title: 'Your safety plan',
    category: 'safety-plan',
    daysAgo: 10,
    shared: true,
    paragraphs: () => [
      'Warning signs: trouble sleeping for several nights, pulling away from friends, feeling hopeless.',
      'Things I can do on my own: a walk outside, the breathing exercise, music.',
      'People I can call: my sister; my friend from work.',
      'Professionals: my clinician during office hours; the 988 Suicide and Crisis Lifeline at any time.',
      'Making my environment safer: medications kept by my sister.',
    ],
  },
  {
    key: 'intake-summary',
    title: 'Intake summary (internal)',
    category: 'treatment-summary',
    daysAgo: 38,
    shared: false,
    paragraphs: (name) => [`Intake summary for ${name}, for the care team.`, 'Presenting concerns, history and initial impressions.'],
  },
];

/** A one-page PDF of a title and paragraphs, dated as the document. */
function demoPdf(title: string, paragraphs: string[], date: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: title, CreationDate: date, ModDate: date } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(18).text(title);
  doc.moveDown();
  doc.fontSize(11);
  for (const p of paragraphs) {
    doc.text(p);
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}

export interface DocumentsDemoInput {
  practiceId: string;
  seed: number;
  calendar: DemoCalendar;
  patient: Reference;
  clinician: Reference;
  content: ContentStore;
}

/** Writes the portal patient's documents; those already stored are left as they are. Answers how many records it wrote. */
export async function writeDocumentsDemo(db: Database, audit: AuditWriter, input: DocumentsDemoInput): Promise<number> {
  const { practiceId, seed, calendar, patient, clinician } = input;
  const content = new ContentService({ store: input.content, maxContentBytes: 1_000_000, guards: CONTENT_GUARDS });
  let written = 0;
  for (const d of DOCUMENTS) {
    const id = demoId(seed, 'DocumentReference', `portal:${d.key}`);
    if (await isStored(db.pool, practiceId, 'DocumentReference', id)) continue;
    const day = addDays(calendar.today, -d.daysAgo);
    const at = localInstant(calendar, day, '11:30');
    const ctx = { ...systemContext(db, audit, practiceId, WRITE_RULES, () => at), actor: clinician };
    const repo = new ResourceRepository(ctx);
    const mediaId = demoId(seed, 'Media', `document:${d.key}`);
    await repo.update(MEDIA, mediaId, { resourceType: 'Media', id: mediaId, partition: patient.id, display: d.title });
    // "Shore, Dana" is written "Dana Shore" in a letter.
    const name = (patient.display ?? '').split(', ').reverse().join(' ') || 'there';
    const pdf = await demoPdf(d.title, d.paragraphs(name), at);
    await content.upload({ type: MEDIA, ctx, repo, id: mediaId }, pdf, 'application/pdf');
    await repo.update(DOCUMENT_REFERENCE, id, {
      resourceType: 'DocumentReference',
      id,
      partition: patient.id,
      title: d.title,
      category: toCoding(DOCUMENT_CATEGORIES, d.category),
      date: day,
      author: clinician,
      media: { resourceType: 'Media', id: mediaId },
      contentType: 'application/pdf',
      size: pdf.length,
      sharedWithPatient: d.shared,
      ...(d.shared && { sharedBy: clinician }),
    });
    written += 2;
  }
  return written;
}
