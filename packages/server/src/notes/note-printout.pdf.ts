import {
  encounterInterval,
  formatDurationShort,
  localDate,
  localParts,
  zonedClock,
  type Encounter,
  type Note,
  type Patient,
  type Reference,
} from '@caseload/core';
import PDFDocument from 'pdfkit';
import type { NoteForms } from './note-forms.ts';
import { COLORS, measureHeight, PAGE_OPTIONS, pageContentHeight, printoutLayout, type Banner } from './note-printout.layout.ts';
import { printSection } from './note-printout.sections.ts';
import { printSignatures, SIGNER_ROLES } from './note-printout.signatures.ts';

export { SIGNER_ROLES };

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
  /** The note's definition and the questionnaires its sections answer, so answers print as words. */
  forms: NoteForms;
  /** People's printed names ("Jane Doe, LCSW") by `Type/id`, resolved by the service. */
  names: Map<string, string>;
  /** The name (with credentials) of who printed it. */
  printedBy: string;
  printedAt: Date;
  patientLabel: string;
}

const KIND_TITLES: Record<Note['kind'], string> = {
  Note: 'Progress Note',
  DocumentationNote: 'Documentation Note',
  AssessmentNote: 'Assessment Note',
  ScribeSession: 'Scribe Session',
  GroupNote: 'Group Progress Note',
  MultiServiceNote: 'Multi-Service Note',
};
const PARTICIPANT_ROLES: Record<string, string> = {
  PrimaryPerformer: 'Primary clinician',
  SecondaryPerformer: 'Secondary clinician',
  Participation: 'Participant',
  Patient: 'Patient',
  Coordinator: 'Coordinator',
};

/**
 * "05/02/2024 9:05 AM EDT" or, with military time, "05/02/2024 09:05 EDT": on the practice's
 * clock, naming its zone, since a printout is read anywhere (docs/architecture.md, "One time zone").
 */
export function printTime(instant: Date, timeZone: string, military: boolean, { withDate = true, withZone = true } = {}): string {
  const p = localParts(instant, timeZone);
  const date = `${String(p.month).padStart(2, '0')}/${String(p.day).padStart(2, '0')}/${p.year}`;
  const minutes = String(p.minute).padStart(2, '0');
  const time = military
    ? `${String(p.hour).padStart(2, '0')}:${minutes}`
    : `${p.hour % 12 === 0 ? 12 : p.hour % 12}:${minutes} ${p.hour < 12 ? 'AM' : 'PM'}`;
  const zone = withZone ? ` ${zonedClock(timeZone, { nameZone: true }).zoneName(instant)}` : '';
  return `${withDate ? `${date} ` : ''}${time}${zone}`;
}

/** A session's times: "2:30 PM - 3:25 PM EDT", the zone named once (at both ends when DST changes between them). */
export function printSpan(start: Date, end: Date, timeZone: string, military: boolean): string {
  const clock = zonedClock(timeZone, { nameZone: true });
  const bothNamed = clock.zoneName(start) !== clock.zoneName(end);
  const from = printTime(start, timeZone, military, { withDate: false, withZone: bothNamed });
  return `${from} - ${printTime(end, timeZone, military, { withDate: false })}`;
}

/** The status banner: what a reader must know before trusting the page. */
export function statusBanner(data: PrintoutData): Banner {
  const { note } = data;
  const when = (at: string) => printTime(new Date(at), data.timeZone, data.militaryTime);
  const name = (ref: Reference) => personName(data, ref);
  if (note.status === 'EnteredInError') {
    const e = note.enteredInError;
    return {
      word: 'ENTERED IN ERROR',
      color: '#b00020',
      background: '#fdecee',
      lines: e ? [`Reason: ${e.reason}`, `Marked by ${name(e.by)} on ${when(e.at)}. This note must not be used for care or billing.`] : [],
    };
  }
  if (note.status === 'Amended') {
    const last = note.amendments?.at(-1);
    const count = note.amendments?.length ?? 0;
    return {
      word: 'AMENDED',
      color: '#1c4e80',
      background: '#e8f0f8',
      lines: last
        ? [
            `Amended by ${name(last.author)} on ${when(last.at)}. Reason: ${last.reason}`,
            ...(count > 1 ? [`${count} amendments; see the amendment trail.`] : []),
          ]
        : [],
    };
  }
  if (note.status === 'Final') {
    return { word: 'FINAL', color: '#1e6b3a', background: '#e9f5ee', lines: note.signedAt ? [`Signed ${when(note.signedAt)}.`] : [] };
  }
  const pending = note.pendingSignatures?.[0];
  if (pending) {
    const signers = pending.signers.map(name).join(' or ');
    return {
      word: 'PRELIMINARY - AWAITING CO-SIGNATURE',
      color: '#a15c00',
      background: '#fdf3e6',
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
    ...PAGE_OPTIONS,
    bufferPages: true,
    info: {
      Title: `${title}: ${patient.display ?? ''}`,
      Author: personName(data, note.author),
      Subject: `${data.patientLabel} ${patient.display ?? ''}`,
      Creator: 'Caseload',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layout = printoutLayout(doc);
  const { left, ensureRoom, rule, heading, field, banner, footer } = layout;
  const time = (at: string | Date) => printTime(new Date(at), data.timeZone, data.militaryTime);

  // Header: the practice, the document and its status, then the patient, as on any chart document.
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.accent).text(data.practiceName);
  doc.font('Helvetica').fontSize(12).fillColor(COLORS.ink).text(title).moveDown(0.5);
  banner(statusBanner(data));
  rule();
  doc
    .fillColor(COLORS.ink)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(patient.display ?? '');
  field(
    'Date of birth',
    patient.birthDate ? patient.birthDate.split('-').slice(1).concat(patient.birthDate.slice(0, 4)).join('/') : undefined,
  );
  field('MRN', patient.mrn);
  field('Sex', patient.administrativeSex);

  heading('Encounter');
  const interval = encounter ? encounterInterval(encounter) : undefined;
  if (interval) {
    field('Date of service', printTime(interval.start, data.timeZone, data.militaryTime, { withZone: false }).split(' ')[0]);
    const nextDay = localDate(interval.end, data.timeZone) !== localDate(interval.start, data.timeZone) ? ' (next day)' : '';
    field('Time', `${printSpan(interval.start, interval.end, data.timeZone, data.militaryTime)}${nextDay}`);
    field('Duration', formatDurationShort(interval.minutes * 60_000));
  }
  field('Service', encounter?.serviceType?.display);
  (encounter?.services ?? []).forEach((s, i) =>
    field(`Service ${i + 1}`, `${s.serviceType?.display ?? s.serviceType?.id}${s.units ? `, ${s.units} units` : ''}`),
  );
  field('Program', encounter?.program?.display);
  const pos = encounter?.location?.placeOfService;
  field('Location', [encounter?.location?.location?.display, encounter?.location?.kind?.display].filter(Boolean).join(', ') || undefined);
  field('Place of service', pos ? `${pos.code}${pos.display ? ` - ${pos.display}` : ''}` : undefined);
  field(
    'Visit',
    [
      encounter?.visitStatus === 'NoShow' ? 'No show' : encounter?.visitStatus,
      encounter?.visitMode === 'InPerson' ? 'In person' : encounter?.visitMode,
    ]
      .filter(Boolean)
      .join(', '),
  );
  field('Clinician', personName(data, note.author));
  const others = (encounter?.participants ?? []).filter((p) => p.individual.id !== note.author?.id && p.role !== 'Patient');
  if (others.length)
    field('Participants', others.map((p) => `${personName(data, p.individual)} (${PARTICIPANT_ROLES[p.role] ?? p.role})`).join('; '));
  if (note.groupSession)
    field(
      'Group session',
      `${note.groupSession.present ? 'Attended' : 'Did not attend'} (${note.groupSession.attendeeCount ?? '?'} attendees)`,
    );

  if (encounter?.diagnoses?.length) {
    heading('Diagnoses (ICD-10-CM)');
    for (const d of encounter.diagnoses) {
      doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.ink).text(d.code.code.padEnd(8), left, doc.y, { continued: true });
      doc.font('Helvetica').text(`  ${d.code.display ?? ''}`);
    }
  }

  const words = { dateTime: (at: string) => time(at) };
  const signatures = { note, signatureImages: data.signatureImages, name: (ref: Reference | undefined) => personName(data, ref), time };
  const signaturesHeight = measureHeight(PDFDocument, (d, l) => printSignatures(d, l, signatures));
  const sections = note.sections ?? [];
  sections.forEach((section, i) => {
    // The signatures never stand alone on the last page: the last section starts a new page with
    // them when the two would not both fit on this one (and fit on a page together).
    if (i === sections.length - 1) {
      const together =
        measureHeight(PDFDocument, (d, l) => {
          l.heading(section.title ?? section.key);
          printSection(d, l, section, data.forms, words);
        }) + signaturesHeight;
      if (together <= pageContentHeight(doc)) ensureRoom(together);
    }
    heading(section.title ?? section.key);
    printSection(doc, layout, section, data.forms, words);
  });
  // The block itself is whole on one page whenever it fits on one.
  if (signaturesHeight <= pageContentHeight(doc)) ensureRoom(signaturesHeight);
  printSignatures(doc, layout, signatures);

  if (note.amendments?.length || note.enteredInError) {
    heading('Amendment trail');
    for (const a of note.amendments ?? []) {
      field(time(a.at), `${personName(data, a.author)} amended ${a.changedFields.join(', ')}. Reason: ${a.reason}`);
    }
    if (note.enteredInError) {
      field(
        time(note.enteredInError.at),
        `Marked entered in error by ${personName(data, note.enteredInError.by)}. Reason: ${note.enteredInError.reason}`,
      );
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
