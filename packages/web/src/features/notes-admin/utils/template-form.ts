import type { Answers, NoteDefinition, NoteDefinitionSection, NoteSection, NoteSectionElementType, NoteTemplate } from '@caseload/core';
import { array, object, string } from '../../../ui/yup.ts';

export interface TemplateFormValues {
  name: string;
  definition: string;
  /** Prefilled narrative by section key. */
  narratives: Record<string, string>;
}

export const templateSchema = object({
  name: string().trim().label('Name').required().max(200),
  definition: string().label('Note definition').required(),
  narratives: object().default({}),
  sections: array().optional(),
});

/** Section kinds whose answers a template prefills through the forms renderer. */
export const ANSWERED_KINDS = new Set<NoteSection['kind']>(['Form', 'Subform', 'Assessment']);

/**
 * Element types a template can answer ahead of the session. The others show what only a written
 * note has (its encounter's diagnoses and session time, the patient's problems) or wait for care
 * plans, so they are left out of the template.
 */
const PREFILLABLE = new Set<NoteSectionElementType>([
  'Text',
  'Form',
  'CtoneCustomDropdown',
  'ClinicalQualityIndicator',
  'AddOn',
  'EvidenceBasedPractices',
]);

/** The definition's section with only the elements a template can answer. */
export const prefillable = (s: NoteDefinitionSection): NoteDefinitionSection => ({
  ...s,
  elements: s.elements?.filter((e) => PREFILLABLE.has(e.type)),
});

export const hasAnswers = (answers: Answers | undefined) => !!answers && Object.keys(answers).length > 0;

/** The sections of the definition a template can prefill: narratives, and forms with something to answer. */
export const prefilledSections = (definition: NoteDefinition | undefined): NoteDefinitionSection[] =>
  // A Form section whose elements all need a written note (session time, diagnoses) has nothing to prefill.
  (definition?.sections ?? []).filter(
    (s) => s.kind === 'Narrative' || (ANSWERED_KINDS.has(s.kind) && (s.kind !== 'Form' || !!prefillable(s).elements?.length)),
  );

/** The form's starting values for a stored template (none: a new one). */
export const templateFormValues = (item: NoteTemplate | undefined): TemplateFormValues => ({
  name: item?.name ?? '',
  definition: item?.definition?.id ?? '',
  narratives: Object.fromEntries((item?.sections ?? []).map((s) => [s.key, s.narrative ?? ''])),
});

/** The template's sections: each narrative written and each form section answered, in the definition's order. */
export function templateSections(
  definition: NoteDefinition | undefined,
  narratives: Record<string, string>,
  answers: Record<string, Answers>,
): NoteSection[] {
  return (definition?.sections ?? []).flatMap((s): NoteSection[] => {
    if (s.kind === 'Narrative' && narratives[s.key]?.trim())
      return [{ key: s.key, title: s.title, kind: s.kind, narrative: narratives[s.key]!.trim() }];
    if (ANSWERED_KINDS.has(s.kind) && hasAnswers(answers[s.key]))
      return [{ key: s.key, title: s.title, kind: s.kind, answers: answers[s.key] }];
    return [];
  });
}
