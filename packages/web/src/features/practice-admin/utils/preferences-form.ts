import {
  isKnownTimeZone,
  PatientPopulationLevels,
  ScribeNoteFormats,
  withPreferenceDefaults,
  type Label,
  type PracticePreferenceValues,
} from '@caseload/core';
import { array, boolean, number, object, string, type AnySchema, type ObjectSchema } from '../../../ui/yup.ts';
import { LABEL_KINDS, type LabelKind, type PracticePreferencesResource } from '../../practice/index.ts';
import { DEFAULT_TIME_ZONE, PREFERENCE_GROUPS } from './preference-fields.ts';

/** The preferences form's values: section 9's values (scribeFormatConfigurations passed through as read). */
export type PreferencesFormValues = PracticePreferenceValues & {
  /** Not section 9's (docs/notes.md): the IANA time zone and the name on printouts. */
  timeZone: string;
  practiceName: string;
};

/** The two values kept beside section 9's, as the stored resource may hold them. */
type ExtraValues = { timeZone?: unknown; practiceName?: unknown };

/** The form's values from the values in force (stored over the defaults). */
export function preferencesFormValues(values: PracticePreferenceValues): PreferencesFormValues {
  return {
    ...values,
    labels: Object.fromEntries(LABEL_KINDS.map((k) => [k, { ...values.labels[k] }])) as PracticePreferenceValues['labels'],
    timeZone: typeof (values as ExtraValues).timeZone === 'string' ? ((values as ExtraValues).timeZone as string) : DEFAULT_TIME_ZONE,
    practiceName: typeof (values as ExtraValues).practiceName === 'string' ? ((values as ExtraValues).practiceName as string) : '',
  };
}

/**
 * The resource to save: the stored one (its other fields kept) with every value of the form, so
 * what the administrator saw is what applies; a new one when the practice has none yet. Values set
 * on another screen (scribeFormatConfigurations, scribeAudioRetention) go back as they were read.
 */
export function preferencesDraft(
  existing: PracticePreferencesResource | undefined,
  form: PreferencesFormValues,
): PracticePreferencesResource | Omit<PracticePreferencesResource, 'id' | 'meta'> {
  const base = existing ?? { resourceType: 'PracticePreferences' as const, display: 'Practice preferences' };
  // A blank practice name is no name: the printout then falls back to the practice's id.
  const practiceName = form.practiceName.trim() || undefined;
  return { ...base, ...form, practiceName };
}

const labelText = (name: string) => string().trim().label(name).required().max(40);

/** The schema of the form, with SPEC.md section 5's messages and each field's label as its {path}. */
export function preferencesSchema(): ObjectSchema<PreferencesFormValues> {
  const shape: Record<string, AnySchema> = {};
  for (const group of PREFERENCE_GROUPS) {
    for (const field of group.fields) {
      if (field.kind === 'flag') shape[field.key] = boolean().label(field.label).required();
      if (field.kind === 'number')
        shape[field.key] = number()
          .typeError('${path} must be a number')
          .label(field.label)
          .required()
          .integer()
          .min(field.min)
          .max(field.max);
      if (field.kind === 'list') shape[field.key] = array(string().trim().required().max(200)).label(field.label).required();
    }
  }
  shape.patientPopulationLevel = string()
    .label('Patient population')
    .required()
    .oneOf([...PatientPopulationLevels]);
  shape.defaultScribeNoteFormat = string()
    .label('Default note format')
    .required()
    .oneOf([...ScribeNoteFormats]);
  shape.timeZone = string()
    .label('Time zone')
    .required()
    .test('time-zone', '${path} is invalid.', (zone) => !zone || isKnownTimeZone(zone));
  shape.practiceName = string().trim().label('Practice name').max(200).default('');
  const labels: Record<string, AnySchema> = {};
  for (const kind of LABEL_KINDS) {
    const name = withPreferenceDefaults(undefined).labels[kind].singular;
    labels[kind] = object({ singular: labelText(`${name} (one)`), plural: labelText(`${name} (many)`) });
  }
  shape.labels = object(labels);
  return object(shape) as unknown as ObjectSchema<PreferencesFormValues>;
}

/** The default label of a kind, shown as each label field's placeholder. */
export const defaultLabel = (kind: LabelKind): Label => withPreferenceDefaults(undefined).labels[kind];
