import { withPreferenceDefaults, type PracticePreferenceValues } from '../preferences/practice-preferences.ts';

/** What the UI names with a practice label. */
export type LabelKind = keyof PracticePreferenceValues['labels'];

/**
 * The practice's word for a thing, e.g. `practiceLabel(prefs, 'patient', 'plural')` is
 * "Patients", or "Clients" where the practice says so. Missing preferences take the defaults.
 */
export function practiceLabel(
  prefs: Partial<PracticePreferenceValues> | undefined,
  kind: LabelKind,
  form: 'singular' | 'plural' = 'singular',
): string {
  const labels = withPreferenceDefaults(prefs).labels;
  const label = labels[kind] ?? withPreferenceDefaults(undefined).labels[kind];
  return label[form]?.trim() || withPreferenceDefaults(undefined).labels[kind][form];
}
