import {
  encounterInterval,
  formatDurationShort,
  localDate,
  localParts,
  type Encounter,
  type Note,
  type NoteSignature,
  type Patient,
  type Reference,
} from '@caseload/core';
import PDFDocument from 'pdfkit';
import { COLORS, printoutLayout, type Banner } from './note-printout.layout.ts';

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
  /** People's printed names ("Jane Doe, LCSW") by `Type/id`, resolved by the service. */
  names: Map<string, string>;
  /** The name (with credentials) of who printed it. */
  printedBy: string;
  printedAt: Date;
  patientLabel: string;
}

const KIND_TITLES: Record<Note['kind'], string> = {
  Note: 'Progress Note', DocumentationNote: 'Documentation Note', AssessmentNote: 'Assessment Note',
  ScribeSession: 'Scribe Session', GroupNote: 'Group Progress Note', MultiServiceNote: 'Multi-Service Note',
};
/** The role a signature line names. */
export const SIGNER_ROLES: Record<NoteSignature['role'], string> = {
  Author: 'Author', CoSigner: 'Co-signer', Patient: 'Patient', RelatedPerson: 'Related person', Amender: 'Amending author',
};
const PARTICIPANT_ROLES: Record<string, string> = {
  PrimaryPerformer: 'Primary clinician', SecondaryPerformer: 'Secondary clinician', Participation: 'Participant', Patient: 'Patient', Coordinator: 'Coordinator',
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

/** The status banner: what a reader must know before trusting the page. */
export function statusBanner(data: PrintoutData): Banner {
  const { note } = data;
  const when = (at: string) => printTime(new Date(at), data.timeZone, data.militaryTime);
  const name = (ref: Reference) => personName(data, ref);
  if (note.status === 'EnteredInError') {
    const e = note.enteredInError;
    return {
      word: 'ENTERED IN ERROR', color: '#b00020', background: '#fdecee',
      lines: e ? [`Reason: ${e.reason}`, `Marked by ${name(e.by)} on ${when(e.at)}. This note must not be used for care or billing.`] : [],
    };
  }
  if (note.status === 'Amended') {
    const last = note.amendments?.at(-1);
    const count = note.amendments?.length ?? 0;
    return {
      word: 'AMENDED', color: '#1c4e80', background: '#e8f0f8',
      lines: last ? [`Amended by ${name(last.author)} on ${when(last.at)}. Reason: ${last.reason}`, ...(count > 1 ? [`${count} amendments; see the amendment trail.`] : [])] : [],
    };
  }
  if (note.status === 'Final') {
    return { word: 'FINAL', color: '#1e6b3a', background: '#e9f5ee', lines: note.signedAt ? [`Signed ${when(note.signedAt)}.`] : [] };
  }
  const pending = note.pendingSignatures?.[0];
  if (pending) {
    const signers = pending.signers.map(name).join(' or ');
    return {
      word: 'PRELIMINARY - AWAITING CO-SIGNATURE', color: '#a15c00', background: '#fdf3e6',
      lines: [`Awaiting co-signature${signers ? ` by ${signers}` : ''}. ${pending.reason}`],
    };
  }
  return { word: 'PRELIMINARY (DRAFT)', color: '#a15c00', background: '#fdf3e6', lines: ['Not signed. This draft may still change.'] };
}

/** A person's printed name: resolved by the service, else the reference's own display, else its id. */
function personName(data: PrintoutData, ref: Reference | undefined): string {
  if (!ref) return '';
  return data.names.get(`${ref.resourceType}/${ref.id}`) ?? ref.display ?? ref.id;
}

/** Renders a note as a clinical document (US Letter) and resolves with the PDF bytes. */
export function renderNotePdf(data: PrintoutData): Promise<Buffer> {
  const { note, encounter, patient } = data;
  const title = note.title ?? KIND_TITLES[note.kind] ?? 'Clinical Note';
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 54, bottom: 64, left: 54, right: 54 },
    bufferPages: true,
    info: { Title: `${title}: ${patient.display ?? ''}`, Author: personName(data, note.author), Subject: `${data.patientLabel} ${patient.display ?? ''}`, Creator: 'Caseload' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { left, ensureRoom, rule, heading, field, banner, footer } = printoutLayout(doc);
  const time = (at: string | Date) => printTime(new Date(at), data.timeZone, data.militaryTime);

  // Header: the practice, the document and its status, then the patient, as on any chart document.
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.accent).text(data.practiceName);
  doc.font('Helvetica').fontSize(12).fillColor(COLORS.ink).text(title).moveDown(0.5);
  banner(statusBanner(data));
  rule();
  doc.fillColor(COLORS.ink).font('Helvetica-Bold').fontSize(13).text(patient.display ?? '');
  field('Date of birth', patient.birthDate ? patient.birthDate.split('-').slice(1).concat(patient.birthDate.slice(0, 4)).join('/') : undefined);
  field('MRN', patient.mrn);
  field('Sex', patient.administrativeSex);

  heading('Encounter');
  const interval = encounter ? encounterInterval(encounter) : undefined;
  if (interval) {
    field('Date of service', printTime(interval.start, data.timeZone, data.militaryTime).split(' ')[0]);
    const nextDay = localDate(interval.end, data.timeZone) !== localDate(interval.start, data.timeZone) ? ' (next day)' : '';
    field('Time', `${printTime(interval.start, data.timeZone, data.militaryTime, false)} - ${printTime(interval.end, data.timeZone, data.militaryTime, false)}${nextDay}`);
    field('Duration', formatDurationShort(interval.minutes * 60_000));
  }
  field('Service', encounter?.serviceType?.display);
  (encounter?.services ?? []).forEach((s, i) => field(`Service ${i + 1}`, `${s.serviceType?.display ?? s.serviceType?.id}${s.units ? `, ${s.units} units` : ''}`));
  field('Program', encounter?.program?.display);
  const pos = encounter?.location?.placeOfService;
  field('Location', [encounter?.location?.location?.display, encounter?.location?.kind?.display].filter(Boolean).join(', ') || undefined);
  field('Place of service', pos ? `${pos.code}${pos.display ? ` - ${pos.display}` : ''}` : undefined);
  field('Visit', [encounter?.visitStatus === 'NoShow' ? 'No show' : encounter?.visitStatus, encounter?.visitMode === 'InPerson' ? 'In person' : encounter?.visitMode].filter(Boolean).join(', '));
  field('Clinician', personName(data, note.author));
  const others = (encounter?.participants ?? []).filter((p) => p.individual.id !== note.author?.id && p.role !== 'Patient');
  if (others.length) field('Participants', others.map((p) => `${personName(data, p.individual)} (${PARTICIPANT_ROLES[p.role] ?? p.role})`).join('; '));
  if (note.groupSession) field('Group session', `${note.groupSession.present ? 'Attended' : 'Did not attend'} (${note.groupSession.attendeeCount ?? '?'} attendees)`);

  if (encounter?.diagnoses?.length) {
    heading('Diagnoses (ICD-10-CM)');
    for (const d of encounter.diagnoses) {
      doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.ink).text(d.code.code.padEnd(8), left, doc.y, { continued: true });
      doc.font('Helvetica').text(`  ${d.code.display ?? ''}`);
    }
  }

  for (const section of note.sections ?? []) {
    heading(section.title ?? section.key);
    doc.font('Helvetica').fontSize(10).fillColor(COLORS.ink);
    if (section.narrative) doc.text(plainText(section.narrative), { align: 'left', lineGap: 2 });
    for (const [key, value] of Object.entries(section.answers ?? {})) field(key, answerText(value));
    if (!section.narrative && !Object.keys(section.answers ?? {}).length) doc.fillColor(COLORS.muted).text('Not documented.');
  }

  heading('Signatures');
  if (!note.signatures?.length) doc.font('Helvetica-Oblique').fontSize(10).fillColor(COLORS.muted).text('Not signed.');
  note.signatures?.forEach((s, i) => {
    const image = data.signatureImages.get(i);
    ensureRoom(image ? 110 : 50);
    if (image) {
      try {
        doc.image(image, left, doc.y, { fit: [180, 48] });
        doc.y += 50;
      } catch {
        // An image pdfkit cannot read is left out; the signature line below still records who signed.
      }
    } else {
      doc.y += 18; // room above the line, as on a paper form
    }
    // A signature line, as on paper: the name under the line, then the role and the time.
    doc.strokeColor(COLORS.ink).lineWidth(0.5).moveTo(left, doc.y).lineTo(left + 260, doc.y).stroke().moveDown(0.2);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.ink).text(personName(data, s.signer), left, doc.y);
    doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted)
      .text(`${SIGNER_ROLES[s.role]}  ·  Electronically signed ${time(s.signedAt)}  ·  content ${s.contentHash.slice(0, 12)}`)
      .moveDown(0.8);
  });
  for (const pending of note.pendingSignatures ?? []) {
    doc.font('Helvetica-Oblique').fontSize(10).fillColor('#a15c00')
      .text(`Awaiting co-signature by ${pending.signers.map((r) => personName(data, r)).join(' or ') || 'a supervisor'}. ${pending.reason}`);
  }

  if (note.amendments?.length || note.enteredInError) {
    heading('Amendment trail');
    for (const a of note.amendments ?? []) {
      field(time(a.at), `${personName(data, a.author)} amended ${a.changedFields.join(', ')}. Reason: ${a.reason}`);
    }
    if (note.enteredInError) {
      field(time(note.enteredInError.at), `Marked entered in error by ${personName(data, note.enteredInError.by)}. Reason: ${note.enteredInError.reason}`);
    }
  }

  // Footers on every page, once the page count is known.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    footer(
      `${patient.display ?? ''}  ·  Printed ${time(data.printedAt)} by ${data.printedBy}  ·  Confidential health information`,
      `Page ${i + 1} of ${pages.count}`,
    );
  }
  doc.end();
  return done;
}
