import { elementLabel, isAnswered, questionnaireReadout, sameSource, type AnswerWordsOptions, type NoteSection } from '@caseload/core';
import type PDFDocument from 'pdfkit';
import type { NoteForms } from './note-forms.ts';
import { COLORS, type printoutLayout } from './note-printout.layout.ts';
import { printQuestionnaire } from './note-printout.questionnaire.ts';

type Doc = InstanceType<typeof PDFDocument>;
type Layout = ReturnType<typeof printoutLayout>;

/** Rich text from the editor as plain paragraphs (the printout shows words, never markup). */
export function plainText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A value no form describes (an element's, or answers whose form is gone), in plain words. */
const valueText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object') {
    const v = value as { display?: string; code?: string; provided?: boolean; minutes?: number };
    if (typeof v.provided === 'boolean') return v.provided ? `Provided${v.minutes ? `, ${v.minutes} minutes` : ''}` : 'Not provided';
    return v.display ?? v.code ?? JSON.stringify(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
};

/**
 * The content of one written section: its narrative as paragraphs; a questionnaire it answers
 * (a Subform or Assessment section, a Form element) read back question by question with its score
 * (printQuestionnaire); a Form section's other elements by their labels. Answers whose form the
 * server cannot find any more are printed as they are stored, so nothing written is left out.
 */
export function printSection(doc: Doc, layout: Layout, section: NoteSection, forms: NoteForms, words: AnswerWordsOptions): void {
  const answers = section.answers ?? {};
  const narrative = plainText(section.narrative ?? '');
  if (!narrative && !Object.values(answers).some(isAnswered)) {
    doc.font('Helvetica').fontSize(10).fillColor(COLORS.muted).text('Not documented.');
    return;
  }
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.ink);
  if (narrative) doc.text(narrative, { align: 'left', lineGap: 2 });
  const formOf = (element?: string) => forms.forms.find((f) => sameSource(f.entry, { section: section.key, element }));
  const printAnswers = (values: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(values)) layout.field(key, valueText(value));
  };

  if (section.kind === 'Subform' || section.kind === 'Assessment') {
    const form = formOf();
    if (form?.questionnaire) printQuestionnaire(doc, layout, questionnaireReadout(form.questionnaire, answers, words));
    else printAnswers(answers);
  } else if (section.kind === 'Form') {
    const elements = forms.definition?.sections.find((d) => d.key === section.key)?.elements ?? [];
    for (const element of elements) {
      const value = answers[element.key];
      const form = element.type === 'Form' ? formOf(element.key) : undefined;
      if (form?.questionnaire) {
        if (element.label)
          doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.ink).text(element.label, layout.left, doc.y).moveDown(0.2);
        printQuestionnaire(doc, layout, questionnaireReadout(form.questionnaire, form.entry.answers, words));
      } else if (element.type === 'Form' && typeof value === 'object' && value !== null) {
        printAnswers(value as Record<string, unknown>);
      } else {
        layout.field(elementLabel(element), valueText(value));
      }
    }
    const described = new Set(elements.map((e) => e.key));
    printAnswers(Object.fromEntries(Object.entries(answers).filter(([key]) => !described.has(key))));
  } else {
    printAnswers(answers);
  }
}
