import type { Answers, NoteSection, NoteTemplate } from '@caseload/core';

/** What applying a template to a started note did, section by section (keys). */
export interface TemplateApplied {
  sections: NoteSection[];
  /** Sections that took something from the template. */
  filled: string[];
  /** Sections where the clinician had written something the template would have replaced: left as written. */
  kept: string[];
}

/** Rich text with no words (an emptied editor leaves `<p></p>`). */
const blankHtml = (html: string | undefined) => !html || html.replace(/<[^>]*>|&nbsp;/g, '').trim() === '';

const isAnswered = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * The template's content merged into a note already started, never over what the clinician wrote:
 * a narrative is filled only while blank; answers are filled per question, only where the note has
 * none (a clinician's answer always stays). Calculated answers are recomputed by the form renderer
 * when the section shows again (SectionForm). A note started from a template gets all of it
 * (`sectionsFrom`); this is for applying one later.
 */
export function applyTemplate(sections: readonly NoteSection[], template: Pick<NoteTemplate, 'sections'>): TemplateApplied {
  const filled: string[] = [];
  const kept: string[] = [];
  const next = sections.map((section) => {
    const prefill = template.sections.find((t) => t.key === section.key);
    if (!prefill) return section;
    let out = section;
    let skipped = false;
    if (!blankHtml(prefill.narrative)) {
      if (blankHtml(section.narrative)) out = { ...out, narrative: prefill.narrative };
      else if (section.narrative !== prefill.narrative) skipped = true;
    }
    const mine: Answers = section.answers ?? {};
    const added = Object.entries(prefill.answers ?? {}).filter(([key, value]) => isAnswered(value) && !isAnswered(mine[key]));
    if (added.length > 0) out = { ...out, answers: { ...mine, ...Object.fromEntries(added) } };
    if (
      Object.entries(prefill.answers ?? {}).some(
        ([key, value]) => isAnswered(mine[key]) && JSON.stringify(mine[key]) !== JSON.stringify(value),
      )
    )
      skipped = true;
    if (out !== section) filled.push(section.key);
    if (skipped) kept.push(section.key);
    return out;
  });
  return { sections: next, filled, kept };
}
