import {
  encounterInterval,
  formatDurationShort,
  localDate,
  localParts,
  type Encounter,
  type Note,
  type NoteSignature,
  type Patient,
} from '@caseload/core';
import PDFDocument from 'pdfkit';

/** Everything a printout shows, loaded by note-printout.service.ts. */
export interface PrintoutData {
  practiceName: string;
  note: Note;
  encounter?: Encounter;
  patient: Patient;
  timeZone: string;
  /** militaryTimeInPrintouts: 24-hour times. */
  militaryTime: boolean;
  /** Signature images (PNG or JPEG bytes) by signature index. */
  signatureImages: Map<number, Buffer>;
  printedBy: string;
  printedAt: Date;
  patientLabel: string;
}

const INK = '#1a1a1a';
const MUTED = '#5f6368';
const RULE = '#c8ccd0';
const ACCENT = '#1c4e80';
const KIND_TITLES: Record<Note['kind'], string> = {
  Note: 'Progress Note', DocumentationNote: 'Documentation Note', AssessmentNote: 'Assessment Note',
  ScribeSession: 'Scribe Session', GroupNote: 'Group Progress Note', MultiServiceNote: 'Multi-Service Note',
};
const ROLE_WORDS: Record<NoteSignature['role'], string> = {
  Author: 'Electronically signed by', CoSigner: 'Co-signed by', Patient: 'Signed by patient', RelatedPerson: 'Signed by', Amender: 'Amended and signed by',
};

/** "05/02/2024 9:05 AM" or, with military time, "05/02/2024 09:05" in the practice's zone. */
export function printTime(instant: Date, timeZone: string, military: boolean, withDate = true): string {
  const p = localParts(instant, timeZone);
  const date = `${String(p.month).padStart(2, '0')}/${String(p.day).padStart(2, '0')}/${p.year}`;
  const minutes = String(p.minute).padStart(2, '0');
  const time = military
    ? `${String(p.hour).padStart(2, '0')}:${minutes}`
    : `${p.hour % 12 === 0 ? 12 : p.hour % 12}:${minutes} ${p.hour < 12 ? 'AM' : 'PM'}`;
  return withDate ? `${date} ${time}` : time;
}

/** Rich text from the editor as plain paragraphs (the printout shows words, never markup). */
export function plainText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const answerText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'object') {
    const v = value as { display?: string; code?: string };
    return v.display ?? v.code ?? JSON.stringify(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
};

/** Renders a note as a clinical document (US Letter) and resolves with the PDF bytes. */
export function renderNotePdf(data: PrintoutData): Promise<Buffer> {
  const { note, encounter, patient } = data;
  const title = note.title ?? KIND_TITLES[note.kind] ?? 'Clinical Note';
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 54, bottom: 64, left: 54, right: 54 },
    bufferPages: true,
    info: { Title: `${title}: ${patient.display ?? ''}`, Author: note.author?.display ?? '', Subject: `${data.patientLabel} ${patient.display ?? ''}`, Creator: 'Caseload' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;
  const rule = () => {
    doc.moveDown(0.4).strokeColor(RULE).lineWidth(0.75).moveTo(left, doc.y).lineTo(left + width, doc.y).stroke().moveDown(0.6);
  };
  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(text.toUpperCase(), { characterSpacing: 0.6 });
    rule();
    doc.fillColor(INK);
  };
  const field = (label: string, value: string | undefined) => {
    if (!value) return;
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(MUTED).text(`${label}: `, { continued: true });
    doc.font('Helvetica').fillColor(INK).text(value);
  };

  // Header: the practice, the document and the patient, as on any chart document.
  doc.font('Helvetica-Bold').fontSize(16).fillColor(ACCENT).text(data.practiceName);
  doc.font('Helvetica').fontSize(12).fillColor(INK).text(title);
  if (note.status !== 'Final') {
    const banner: Record<Note['status'], string> = {
      Preliminary: 'PRELIMINARY - NOT SIGNED', Amended: 'AMENDED', EnteredInError: 'ENTERED IN ERROR', Final: '',
    };
    doc.moveDown(0.2).font('Helvetica-Bold').fontSize(10).fillColor(note.status === 'EnteredInError' ? '#b00020' : '#a15c00').text(banner[note.status]);
  }
  rule();
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(patient.display ?? '');
  field('Date of birth', patient.birthDate ? patient.birthDate.split('-').slice(1).concat(patient.birthDate.slice(0, 4)).join('/') : undefined);
  field('MRN', patient.mrn);
  field('Sex', patient.administrativeSex);

  heading('Encounter');
  const interval = encounter ? encounterInterval(encounter) : undefined;
  if (interval) {
    field('Date of service', printTime(interval.start, data.timeZone, data.militaryTime).split(' ')[0]);
    field('Time', `${printTime(interval.start, data.timeZone, data.militaryTime, false)} - ${printTime(interval.end, data.timeZone, data.militaryTime, false)}${localDate(interval.end, data.timeZone) !== localDate(interval.start, data.timeZone) ? ' (next day)' : ''}`);
    field('Duration', formatDurationShort(interval.minutes * 60_000));
  }
  field('Service', encounter?.serviceType?.display);
  (encounter?.services ?? []).forEach((s, i) => field(`Service ${i + 1}`, `${s.serviceType?.display ?? s.serviceType?.id}${s.units ? `, ${s.units} units` : ''}`));
  field('Program', encounter?.program?.display);
  field('Location', encounter?.location?.location?.display);
  field('Place of service', encounter?.location?.placeOfService ? `${encounter.location.placeOfService.code} ${encounter.location.placeOfService.display ?? ''}`.trim() : undefined);
  field('Visit', [encounter?.visitStatus === 'NoShow' ? 'No show' : encounter?.visitStatus, encounter?.visitMode === 'InPerson' ? 'In person' : encounter?.visitMode].filter(Boolean).join(', '));
  field('Clinician', note.author?.display);
  if (note.groupSession) field('Group session', `${note.groupSession.present ? 'Attended' : 'Did not attend'} (${note.groupSession.attendeeCount ?? '?'} attendees)`);

  if (encounter?.diagnoses?.length) {
    heading('Diagnoses');
    for (const d of encounter.diagnoses) doc.font('Helvetica').fontSize(10).text(`${d.code.code}  ${d.code.display ?? ''}`);
  }

  for (const section of note.sections ?? []) {
    heading(section.title ?? section.key);
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    if (section.narrative) doc.text(plainText(section.narrative), { align: 'left', lineGap: 2 });
    for (const [key, value] of Object.entries(section.answers ?? {})) field(key, answerText(value));
    if (!section.narrative && !Object.keys(section.answers ?? {}).length) doc.fillColor(MUTED).text('Not documented.');
  }

  heading('Signatures');
  if (!note.signatures?.length) doc.font('Helvetica-Oblique').fontSize(10).fillColor(MUTED).text('Not signed.');
  note.signatures?.forEach((s, i) => {
    const image = data.signatureImages.get(i);
    if (doc.y > doc.page.height - 160) doc.addPage();
    if (image) {
      try {
        doc.image(image, left, doc.y, { fit: [180, 48] }).moveDown(0.2);
        doc.y += 50;
      } catch {
        // An image pdfkit cannot read is left out; the signature line below still records who signed.
      }
    }
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(`${ROLE_WORDS[s.role]} ${s.signer.display ?? s.signer.id}`);
    doc.fillColor(MUTED).fontSize(9).text(`${printTime(new Date(s.signedAt), data.timeZone, data.militaryTime)}  ·  content ${s.contentHash.slice(0, 12)}`).moveDown(0.5);
  });
  if (note.pendingSignatures?.length) {
    doc.font('Helvetica-Oblique').fontSize(10).fillColor('#a15c00').text(`Awaiting co-signature: ${note.pendingSignatures[0]!.reason}`);
  }

  if (note.amendments?.length || note.enteredInError) {
    heading('Amendment trail');
    for (const a of note.amendments ?? []) {
      field(printTime(new Date(a.at), data.timeZone, data.militaryTime), `${a.author.display ?? a.author.id} amended ${a.changedFields.join(', ')}. Reason: ${a.reason}`);
    }
    if (note.enteredInError) {
      field(printTime(new Date(note.enteredInError.at), data.timeZone, data.militaryTime), `Marked entered in error by ${note.enteredInError.by.display ?? note.enteredInError.by.id}. Reason: ${note.enteredInError.reason}`);
    }
  }

  // Footers on every page, once the page count is known.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(
      `${patient.display ?? ''}  ·  Printed ${printTime(data.printedAt, data.timeZone, data.militaryTime)} by ${data.printedBy}  ·  Confidential health information  ·  Page ${i + 1} of ${pages.count}`,
      left, doc.page.height - 40, { width, align: 'center', lineBreak: false },
    );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
