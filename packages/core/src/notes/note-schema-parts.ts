import { array, boolean, number, object, string } from 'yup';
import { DurationModes, SectionKinds } from '../enums.ts';
import { applyFormLocale } from '../forms/form-locale.ts';
import { dateTimeText, referenceSchema, requiredText, text } from '../people/common-schemas.ts';

// yup takes its default messages when a schema is built, so the locale goes in first.
applyFormLocale();

/**
 * The building blocks the note schemas share (note-schemas.ts, note-config-schemas.ts,
 * rule-schemas.ts): enumerations, instants, whole numbers, session times and written sections.
 * Like the people schemas, nested shapes refuse unknown keys; resources keep top-level fields
 * later issues add.
 */

/** One of a SPEC.md section 3 enumeration ('{path} must be one of the following values: ...'). */
export const oneOfValues = (values: readonly string[]) =>
  string()
    .strict(true)
    .oneOf([...values]);

/** A flag. */
export const flag = () => boolean().strict(true);

/** A whole number of at least `min`. */
export const wholeNumber = (min = 0) => number().strict(true).integer().min(min);

/** A UTC timestamp in SPEC.md section 9's form, yyyy-MM-ddTHH:mm:ssZ. */
export const instant = () => dateTimeText('instant');

/** A list of references of `types`, each named once. */
export const referenceList = (...types: string[]) =>
  array(referenceSchema(...types).required()).unique(undefined, (r: { id?: string }) => r?.id);

/**
 * A session time in one of the duration modes (docs/notes.md). Each part is optional while the note
 * is written (the editor stores as the clinician types); a `Duration` end is not before its start.
 */
export const sessionTimeSchema = object({
  mode: oneOfValues(DurationModes).required(),
  start: instant(),
  end: instant(),
  minutes: number()
    .strict(true)
    .min(0)
    .max(24 * 60),
  increments: wholeNumber(0).max(96),
  incrementMinutes: wholeNumber(1).max(240),
})
  .noUnknown()
  .default(undefined)
  .test({
    name: 'ordered',
    message: '${path} field must be later than ${min}',
    test(t, ctx) {
      if (!t?.start || !t.end || t.end >= t.start) return true;
      return ctx.createError({ path: `${ctx.path}.end`, params: { min: t.start } });
    },
  });

/** A written section of a note or template: the definition section's key, its kind and content. */
export const noteSectionSchema = object({
  key: requiredText(100),
  title: text(300),
  kind: oneOfValues(SectionKinds).required(),
  // Rich text as HTML: whitespace is content, so no trim rule.
  narrative: string().strict(true).max(1_000_000),
  // Answers by element key or the form's linkIds (a map, as in QuestionnaireResponse).
  answers: object().default(undefined),
  form: referenceSchema('Form', 'Questionnaire', 'NoteSectionForm'),
  shared: flag(),
}).noUnknown();

/** A note's or template's sections: each definition section at most once. */
export const noteSectionsSchema = () => array(noteSectionSchema).unique(undefined, (s: { key?: string }) => s?.key);
