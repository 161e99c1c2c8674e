import { goalThreadIssues } from '../care-plans/care-plan-progress.ts';
import { isAnswered } from '../questionnaires/items.ts';
import { hasRequiredItems, hasTypedAnswers, unansweredRequiredItems, type UnansweredItem } from '../questionnaires/required-answers.ts';
import type { Answers, Questionnaire } from '../questionnaires/types.ts';
import type { Reference } from '../resources/resource.ts';
import { OPTION_SOURCE_LABELS } from './element-choices.ts';
import { RULE_FIELDS } from './rule-support.ts';
import { sessionMinutes } from './session-time.ts';
import type { Encounter, Note, NoteDefinition, NoteDefinitionSection, NoteSection, NoteSectionElement } from './types.ts';

/**
 * What a note must hold before it can be signed, from its definition (required sections and
 * elements), the questionnaires its sections answer (their required questions) and the practice's
 * preferences (`requirePlaceOfService`, `hidePlaceOfService`). The one evaluator the editor runs
 * live and the server runs again at signing (docs/notes.md, "Completeness").
 */

/** One thing to fill in: `path` names the field (the editor focuses it), `message` says what to do. */
export interface CompletenessIssue {
  path: string;
  message: string;
}

/** The form a section or element answers, as far as completeness reads it. */
export type CompletenessForm = Pick<Questionnaire, 'items'> & { title?: string; display?: string };

export interface NoteCompletenessInput {
  note: Pick<Note, 'sections'>;
  encounter: Pick<
    Encounter,
    'location' | 'visitStatus' | 'diagnoses' | 'sessionTime' | 'services' | 'documentationType' | 'carePlanActivities'
  >;
  /** The note's definition; absent: only the practice-wide requirements apply. */
  definition?: Pick<NoteDefinition, 'sections'>;
  preferences: { requirePlaceOfService: boolean; hidePlaceOfService?: boolean; requireCarePlanGoalToSign?: boolean };
  /** How many Active care plans the patient has (the golden-thread rule applies only with one). */
  activeCarePlans?: number;
  /**
   * The forms the sections answer, by `formKey` of the reference the section names (a
   * NoteSectionForm's key gives the form it wraps). A form missing here (deleted, or not read
   * yet) is judged by whether anything was answered.
   */
  forms: ReadonlyMap<string, CompletenessForm>;
  /** Keys of forms still being read (the editor, loading): nothing is said about them yet. */
  unread?: ReadonlySet<string>;
}

/** The key a form is found under in `NoteCompletenessInput.forms`: `Questionnaire/phq-9`. */
export const formKey = (ref: Pick<Reference, 'resourceType' | 'id'>) => `${ref.resourceType}/${ref.id}`;

/** The forms a note's sections and Form elements answer (what `forms` must hold). */
export function formsOfNote(note: Pick<Note, 'sections'>, definition: Pick<NoteDefinition, 'sections'> | undefined): Reference[] {
  const refs = new Map<string, Reference>();
  const add = (ref: Reference | undefined) => ref?.id && refs.set(formKey(ref), ref);
  for (const section of definition?.sections ?? []) {
    add(
      formOfSection(
        section,
        note.sections.find((s) => s.key === section.key),
      ),
    );
    for (const element of section.elements ?? []) if (element.type === 'Form') add(element.form);
  }
  return [...refs.values()];
}

/** Visits whose patient was not seen: nothing was administered, so forms and billing codes are not owed. */
const NOT_SEEN = new Set(['NoShow', 'Cancelled']);

/**
 * Everything a note lacks before it can be signed, in the order the editor shows the fields: the
 * place of service (when the practice requires it and shows it), then each section of the
 * definition:
 * - a required Narrative or Import section needs text;
 * - a Subform or Assessment section, and a Form element, needs every required question of its form
 *   answered when the section is required or has been started (a half-answered PHQ-9 has no valid
 *   total); a required one whose form has no required questions needs at least one answer;
 * - a required Form section needs each of its elements, and a required element is needed wherever
 *   it is (checkboxes always hold an answer; a required GoalsObjectives element needs an element of
 *   an active care plan ticked, GoalTracking a progress recorded, when the patient has an active
 *   plan; itinerary topics are not written yet).
 * A NoShow or Cancelled visit owes its narratives only: no form was administered and no service
 * billed. Last, with `requireCarePlanGoalToSign` and an active care plan, the session must address
 * one of its goals (`goalThreadIssues`, docs/care-plans.md). A definition section missing from the note is judged as an empty section.
 */
export function evaluateNoteCompleteness(input: NoteCompletenessInput): CompletenessIssue[] {
  const seen = !NOT_SEEN.has(input.encounter.visitStatus ?? '');
  const issues: CompletenessIssue[] = [];
  const { requirePlaceOfService, hidePlaceOfService } = input.preferences;
  if (seen && requirePlaceOfService && !hidePlaceOfService && !input.encounter.location?.placeOfService?.code) {
    issues.push({ path: RULE_FIELDS.placeOfService, message: 'Place of service is required.' });
  }
  for (const definition of input.definition?.sections ?? []) {
    const section = input.note.sections.find((s) => s.key === definition.key);
    const title = section?.title ?? definition.title;
    const base = `sections.${definition.key}`;
    switch (definition.kind) {
      case 'Narrative':
      case 'Import':
        if (definition.required && !plainText(section?.narrative ?? '')) {
          issues.push({
            path: `${base}.narrative`,
            message: `${definition.kind === 'Narrative' ? 'Narrative' : 'Imported text'}: ${title} is required.`,
          });
        }
        break;
      case 'Subform':
      case 'Assessment':
        if (seen)
          issues.push(
            ...formIssues(input, formOfSection(definition, section), section?.answers, !!definition.required, `${base}.answers`, title),
          );
        break;
      case 'Form':
        if (seen) {
          for (const element of definition.elements ?? []) {
            issues.push(
              ...elementIssues(input, element, section?.answers ?? {}, !!definition.required, `${base}.answers.${element.key}`, title),
            );
          }
        }
        break;
    }
  }
  issues.push(
    ...goalThreadIssues({
      encounter: input.encounter,
      activeCarePlans: input.activeCarePlans ?? 0,
      required: !!input.preferences.requireCarePlanGoalToSign,
    }),
  );
  return issues;
}

/** The form a section answers: the one the note's section names, else the definition's. */
function formOfSection(definition: NoteDefinitionSection, section: NoteSection | undefined): Reference | undefined {
  if (definition.kind !== 'Subform' && definition.kind !== 'Assessment') return undefined;
  return section?.form ?? definition.form;
}

/** What a section's or element's form lacks (see evaluateNoteCompleteness). */
function formIssues(
  { forms, unread }: Pick<NoteCompletenessInput, 'forms' | 'unread'>,
  ref: Reference | undefined,
  answers: Answers | undefined,
  required: boolean,
  path: string,
  title: string,
): CompletenessIssue[] {
  if (ref && unread?.has(formKey(ref))) return [];
  const form = ref ? forms.get(formKey(ref)) : undefined;
  const name = form?.title ?? form?.display ?? title;
  const started = form ? hasTypedAnswers(form.items, answers) : isAnswered(answers);
  if (!required && !started) return [];
  const missing = form ? unansweredRequiredItems(form.items, answers) : [];
  if (missing.length) return [{ path: `${path}.${missing[0]!.linkId}`, message: `${name}: answer ${itemsText(missing)}.` }];
  if (required && !started && !(form && hasRequiredItems(form.items))) return [{ path, message: `${name}: answer at least one question.` }];
  return [];
}

/** The element's label as the editor shows it. */
export function elementLabel(element: Pick<NoteSectionElement, 'label' | 'type' | 'optionSource'>): string {
  if (element.label) return element.label;
  return element.type === 'CtoneCustomDropdown' ? OPTION_SOURCE_LABELS[element.optionSource ?? 'CustomNoteOptions'] : element.type;
}

/** What one element of a Form section lacks; `inRequired`: the section is required. */
function elementIssues(
  input: NoteCompletenessInput,
  element: NoteSectionElement,
  answers: Answers,
  inRequired: boolean,
  path: string,
  sectionTitle: string,
): CompletenessIssue[] {
  const required = inRequired || !!element.required;
  const missing = (fieldPath: string) => [{ path: fieldPath, message: `${sectionTitle}: ${elementLabel(element)} is required.` }];
  const { encounter } = input;
  switch (element.type) {
    case 'Form':
      return formIssues(input, element.form, answers[element.key] as Answers | undefined, required, path, elementLabel(element));
    case 'Text':
    case 'CtoneCustomDropdown':
    case 'EvidenceBasedPractices':
    case 'Problems':
      return required && !isAnswered(answers[element.key]) ? missing(path) : [];
    case 'Diagnosis':
      return required && !encounter.diagnoses?.length ? missing(RULE_FIELDS.diagnoses) : [];
    case 'SessionTime':
      return required && !sessionComplete(encounter)
        ? missing(encounter.documentationType === 'MultiServiceNote' ? RULE_FIELDS.services : RULE_FIELDS.sessionTime)
        : [];
    // Goals are owed only where there is a plan to tick (docs/care-plans.md); they live on the encounter.
    case 'GoalsObjectives':
      return required && (input.activeCarePlans ?? 0) > 0 && !encounter.carePlanActivities?.length
        ? missing('encounter.carePlanActivities')
        : [];
    case 'GoalTracking':
      return required && (input.activeCarePlans ?? 0) > 0 && !encounter.carePlanActivities?.some((a) => a.progress)
        ? missing('encounter.carePlanActivities')
        : [];
    // A checkbox always holds an answer (unticked: not met, not provided); itinerary topics are not written yet.
    case 'ClinicalQualityIndicator':
    case 'AddOn':
    case 'ItineraryTopics':
      return [];
  }
}

/** Whether the session's length is known: its session time, or every service's for a multi-service note. */
function sessionComplete(encounter: NoteCompletenessInput['encounter']): boolean {
  if (encounter.documentationType === 'MultiServiceNote') {
    const services = encounter.services ?? [];
    return services.length > 0 && services.every((s) => sessionMinutes(s.sessionTime) !== undefined);
  }
  return sessionMinutes(encounter.sessionTime) !== undefined;
}

/** The words of rich text: a narrative of empty paragraphs and spaces is not written. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
}

const MAX_QUESTION_TEXT = 80;

/**
 * The unanswered questions in words: one by its number and text (`item 3, “Trouble falling
 * asleep”`), several by their numbers with runs as ranges (`items 1 to 4, 6 and 9`).
 */
export function itemsText(missing: readonly UnansweredItem[]): string {
  if (missing.length === 1) {
    const [item] = missing;
    const text = item!.text?.trim();
    if (!text) return `item ${item!.number}`;
    return `item ${item!.number}, “${text.length > MAX_QUESTION_TEXT ? `${text.slice(0, MAX_QUESTION_TEXT - 1).trimEnd()}…` : text}”`;
  }
  const parts: string[] = [];
  const numbers = missing.map((m) => m.number);
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${numbers[i]} to ${numbers[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(numbers[k]));
    i = j + 1;
  }
  return `items ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`}`;
}
