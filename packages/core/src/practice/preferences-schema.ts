import { array, boolean, number, object, string, type AnySchema } from 'yup';
import { PatientPopulationLevels, ScribeNoteFormats } from '../enums.ts';
import { applyFormLocale } from '../forms/form-locale.ts';
import { isKnownTimeZone } from '../notes/zoned-time.ts';
import { requiredText, resourceShape } from '../people/common-schemas.ts';
import { PRACTICE_PREFERENCE_DEFAULTS } from '../preferences/practice-preferences.ts';
import { scribeFormatConfigurationsSchema, defaultFormatOffered } from '../scribe/scribe-format-schema.ts';

applyFormLocale();

/** The label kinds of SPEC.md section 3 (location, enrollment, patient, session, problem, practitioner). */
export const LABEL_KINDS = Object.keys(PRACTICE_PREFERENCE_DEFAULTS.labels) as (keyof typeof PRACTICE_PREFERENCE_DEFAULTS.labels)[];

const labelSchema = object({ singular: requiredText(40), plural: requiredText(40) })
  .noUnknown()
  .default(undefined);

const flagNames = Object.entries(PRACTICE_PREFERENCE_DEFAULTS)
  .filter(([, v]) => typeof v === 'boolean')
  .map(([k]) => k);
const listNames = Object.entries(PRACTICE_PREFERENCE_DEFAULTS)
  .filter(([, v]) => Array.isArray(v))
  .map(([k]) => k);

const shape: Record<string, AnySchema> = {
  ...resourceShape,
  noteSignWarningTimeout: number().strict(true).integer().positive(),
  sessionTimeoutInMinutes: number()
    .strict(true)
    .integer()
    .positive()
    .max(24 * 60),
  patientPopulationLevel: string()
    .strict(true)
    .oneOf([...PatientPopulationLevels]),
  defaultScribeNoteFormat: string()
    .strict(true)
    .oneOf([...ScribeNoteFormats]),
  labels: object(Object.fromEntries(LABEL_KINDS.map((kind) => [kind, labelSchema])))
    .noUnknown()
    .default(undefined),
  // Beside section 9's values (docs/notes.md): the practice's IANA time zone (notes' dates, midnight
  // and weekends; America/New_York when unset) and its name on note printouts (the id when unset).
  timeZone: string()
    .strict(true)
    .test('time-zone', '${path} is invalid.', (zone) => zone === undefined || isKnownTimeZone(zone)),
  practiceName: string().strict(true).trim().max(200),
  scribeAudioRetention: object({
    mode: string().strict(true).oneOf(['DeleteOnSign', 'KeepDays', 'Keep']).required(),
    days: number()
      .strict(true)
      .integer()
      .min(1)
      .max(3650)
      .when('mode', { is: 'KeepDays', then: (days) => days.required(), otherwise: (days) => days }),
    unsignedDays: number().strict(true).integer().min(1).max(3650),
  })
    .noUnknown()
    .default(undefined),
};
for (const flag of flagNames) shape[flag] = boolean().strict(true);
for (const list of listNames) {
  // Scribe format configurations are objects (docs/scribe.md, "Note formats"); the rest are lists of text.
  shape[list] = list === 'scribeFormatConfigurations' ? scribeFormatConfigurationsSchema : array(requiredText(200)).unique();
}

/**
 * A practice's preferences (SPEC.md section 9): every field optional (what is not stored takes
 * its default), each of the right kind; the numbers positive integers, the population level and
 * scribe format from their enumerations, the labels non-blank and trimmed.
 */
export const practicePreferencesSchema = object(shape).test(defaultFormatOffered);
