import {
  isCarePlanSigned,
  owedCarePlanCoSignature,
  type CarePlan,
  type CarePlanElement,
  type Patient,
  type Reference,
} from '@caseload/core';
import PDFDocument from 'pdfkit';
import { COLORS, measureHeight, PAGE_OPTIONS, pageContentHeight, printoutLayout, type Banner } from '../notes/note-printout.layout.ts';
import { printTime } from '../notes/note-printout.pdf.ts';
import { printSignatures } from '../notes/note-printout.signatures.ts';

/** Everything a plan's printout shows, loaded by care-plan-printout.service.ts. */
export interface CarePlanPrintoutData {
  practiceName: string;
  plan: CarePlan;
  patient: Patient;
  timeZone: string;
  militaryTime: boolean;
  /** Signature images (PNG or JPEG bytes) by signature index. */
  signatureImages: Map<number, Buffer>;
  /** People's printed names ("Jane Doe, LCSW") by `Type/id`. */
  names: Map<string, string>;
  printedBy: string;
  printedAt: Date;
  patientLabel: string;
}

const ROLES: Record<string, string> = {
  Clinician: 'Clinician',
  Patient: 'Patient',
  RelatedPerson: 'Related person',
  Reviser: 'Revising clinician',
  CoSigner: 'Co-signing supervisor',
};

/** The plan's elements depth first, each with its depth and its number ("1.2.1"), as the plan view shows them. */
export function numberedElements(elements: readonly CarePlanElement[]): { element: CarePlanElement; depth: number; number: string }[] {
  const ids = new Set(elements.map((e) => e.id));
  const out: { element: CarePlanElement; depth: number; number: string }[] = [];
  const visit = (parent: string | undefined, depth: number, prefix: string) => {
    elements
      .filter((e) => (parent === undefined ? e.parent === undefined || !ids.has(e.parent) : e.parent === parent))
      .forEach((element, i) => {
        const number = `${prefix}${i + 1}`;
        out.push({ element, depth, number });
        visit(element.id, depth + 1, `${number}.`);
      });
  };
  visit(undefined, 0, '');
  return out;
}

function banner(plan: CarePlan, time: (at: string) => string): Banner {
  if (!isCarePlanSigned(plan))
    return {
      word: 'NOT SIGNED',
      color: '#a15c00',
      background: '#fff4e5',
      lines: ['This plan is a draft: it is not signed by a clinician.'],
    };
  const revisions = plan.revisions ?? [];
  const lines = [`Signed ${plan.signedAt ? time(plan.signedAt) : ''}.`];
  if (revisions.length)
    lines.push(`Revised ${revisions.length} time${revisions.length === 1 ? '' : 's'}; the last on ${time(revisions.at(-1)!.at)}.`);
  if (owedCarePlanCoSignature(plan)) lines.push("Awaiting a supervisor's co-signature.");
  return { word: revisions.length ? 'SIGNED, REVISED' : 'SIGNED', color: '#1e6b3a', background: '#eaf6ee', lines };
}

/** Renders a care plan as a clinical document (US Letter): header, the plan's fields, its goals tree, signatures and revisions. */
export function renderCarePlanPdf(data: CarePlanPrintoutData): Promise<Buffer> {
  const { plan, patient } = data;
  const name = (ref: Reference | undefined) => (ref ? (data.names.get(`${ref.resourceType}/${ref.id}`) ?? ref.display ?? ref.id) : '');
  const title = plan.title || 'Care Plan';
  const doc = new PDFDocument({
    ...PAGE_OPTIONS,
    bufferPages: true,
    info: {
      Title: `${title}: ${patient.display ?? ''}`,
      Author: name(plan.author),
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
  const { left, width, ensureRoom, rule, heading, field, footer } = layout;
  const time = (at: string | Date) => printTime(new Date(at), data.timeZone, data.militaryTime);

  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.accent).text(data.practiceName);
  doc.font('Helvetica').fontSize(12).fillColor(COLORS.ink).text(`Care Plan: ${title}`).moveDown(0.5);
  layout.banner(banner(plan, time));
  rule();
  doc
    .fillColor(COLORS.ink)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(patient.display ?? '');
  field('Date of birth', patient.birthDate);
  field('MRN', patient.mrn);

  heading('Plan');
  field('Status', plan.status);
  field('Period', plan.period?.start || plan.period?.end ? `${plan.period.start ?? '...'} to ${plan.period.end ?? 'open'}` : undefined);
  field('Review date', plan.reviewDate);
  field('Program', plan.program?.display);
  field('Episode of care', plan.episodeOfCare?.display);
  field('Addresses', plan.addresses?.map((a) => a.display ?? a.id).join('; '));
  field('Care team', plan.careTeam?.map(name).join('; '));
  field('Author', name(plan.author));

  heading('Goals, objectives and interventions');
  const rows = numberedElements(plan.elements);
  if (rows.length === 0) doc.font('Helvetica-Oblique').fontSize(10).fillColor(COLORS.muted).text('This plan has no goals.');
  for (const { element, depth, number } of rows) {
    ensureRoom(40);
    const indent = left + depth * 18;
    doc
      .font(element.kind === 'Goal' ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10.5)
      .fillColor(COLORS.ink)
      .text(`${element.kind} ${number}. ${element.text}`, indent, doc.y, { width: width - depth * 18 });
    const details = [
      element.targetDate && `Target ${element.targetDate}`,
      element.measure && `Measure: ${element.measure}`,
      element.responsible?.length && `Responsible: ${element.responsible.map(name).join(', ')}`,
    ].filter(Boolean);
    if (details.length)
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(COLORS.muted)
        .text(details.join('  ·  '), indent + 10, doc.y, { width: width - depth * 18 - 10 });
    doc.moveDown(0.35);
  }
  doc.x = left;

  const signatures = { note: plan, roles: ROLES, signatureImages: data.signatureImages, name, time };
  const signaturesHeight = measureHeight(PDFDocument, (d, l) => printSignatures(d, l, signatures));
  if (signaturesHeight <= pageContentHeight(doc)) ensureRoom(signaturesHeight);
  printSignatures(doc, layout, signatures);

  if (plan.revisions?.length) {
    heading('Revisions');
    for (const r of plan.revisions) field(time(r.at), `${name(r.author)} revised ${r.changedFields.join(', ')}. Reason: ${r.reason}`);
  }

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
