import type { Intent, QuestionnaireReadout, ResponseScore } from '@caseload/core';
import type PDFDocument from 'pdfkit';
import { COLORS, type printoutLayout } from './note-printout.layout.ts';

type Doc = InstanceType<typeof PDFDocument>;
type Layout = ReturnType<typeof printoutLayout>;

/** A band's colour on paper, by its intent: the status banners' ink, dark enough on white. */
const BAND_INK: Partial<Record<Intent, string>> = { success: '#1e6b3a', assist: '#1c4e80', warning: '#a15c00', danger: '#b00020' };
const ALERT = { word: 'SAFETY ALERT', color: '#b00020', background: '#fdecee' } as const;

/** The question column's share of the width; the answer column takes the rest after a gap. */
const QUESTION_SHARE = 0.62;
const GAP = 12;

/** "Total score: 14 of 27 · Moderate", or the count answered while the total is not banded. */
function scoreLine(doc: Doc, layout: Layout, score: ResponseScore): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .fillColor(COLORS.ink)
    .text(`Total score: ${score.total} of ${score.maxScore}`, layout.left, doc.y, { continued: true });
  if (score.band) {
    doc.fillColor(BAND_INK[score.band.intent] ?? COLORS.ink).text(`  ·  ${score.band.label}`);
  } else {
    doc
      .font('Helvetica')
      .fillColor(COLORS.muted)
      .text(`  ·  ${score.answered} of ${score.scoredItems} scored questions answered: no severity until all are.`);
  }
  doc.fillColor(COLORS.ink);
}

/** One question and its answer side by side, as on the paper form; the taller column sets the row's height. */
function questionRow(doc: Doc, layout: Layout, question: string, answer: string | undefined): void {
  const questionWidth = layout.width * QUESTION_SHARE;
  const answerX = layout.left + questionWidth + GAP;
  const answerWidth = layout.width - questionWidth - GAP;
  doc.font('Helvetica').fontSize(9.5);
  const questionHeight = doc.heightOfString(question, { width: questionWidth });
  doc.font(answer ? 'Helvetica-Bold' : 'Helvetica-Oblique');
  const answerText = answer ?? 'Not answered';
  const height = Math.max(questionHeight, doc.heightOfString(answerText, { width: answerWidth }));
  layout.ensureRoom(height + 6);
  const top = doc.y;
  doc.font('Helvetica').fillColor(COLORS.ink).text(question, layout.left, top, { width: questionWidth });
  doc
    .font(answer ? 'Helvetica-Bold' : 'Helvetica-Oblique')
    .fillColor(answer ? COLORS.ink : COLORS.muted)
    .text(answerText, answerX, top, { width: answerWidth });
  const bottom = top + height + 3;
  doc
    .strokeColor(COLORS.rule)
    .lineWidth(0.4)
    .moveTo(layout.left, bottom)
    .lineTo(layout.left + layout.width, bottom)
    .stroke();
  doc.x = layout.left;
  doc.y = bottom + 3;
}

/**
 * A questionnaire answered in a note, as a clinician reads it (docs/notes.md, "Printout"): the
 * instrument's name and description, its alerts in a red box before anything else (PHQ-9 item 9),
 * the total with its severity band, then each question by number with the answer's words and,
 * for scored items, the points in brackets. One left blank is one line saying so.
 */
export function printQuestionnaire(doc: Doc, layout: Layout, readout: QuestionnaireReadout): void {
  if (!readout.rows.some((row) => row.kind === 'question' && row.answer !== undefined)) {
    // Not administered: one line, not a page of "Not answered".
    doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.ink).text(`${readout.title}: `, layout.left, doc.y, { continued: true });
    doc.font('Helvetica-Oblique').fillColor(COLORS.muted).text('not answered.').fillColor(COLORS.ink);
    return;
  }
  layout.ensureRoom(60);
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor(COLORS.accent).text(readout.title, layout.left, doc.y);
  if (readout.description) doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted).text(readout.description);
  doc.moveDown(0.3);
  const alerts = readout.score?.alerts ?? [];
  if (alerts.length) layout.banner({ ...ALERT, lines: alerts });
  if (readout.score) {
    scoreLine(doc, layout, readout.score);
    doc.moveDown(0.4);
  }
  for (const row of readout.rows) {
    if (row.kind === 'heading') {
      layout.ensureRoom(30);
      doc
        .font('Helvetica-Oblique')
        .fontSize(9.5)
        .fillColor(COLORS.muted)
        .text(row.text, layout.left, doc.y, { width: layout.width })
        .moveDown(0.2);
      continue;
    }
    const answer = row.answer === undefined ? undefined : row.score === undefined ? row.answer : `${row.answer} (${row.score})`;
    questionRow(doc, layout, `${row.number}. ${row.text}`, answer);
  }
  doc.fillColor(COLORS.ink).moveDown(0.4);
}
