import { withPreferenceDefaults, type Label, type PracticePreferenceValues, type Resource } from '@caseload/core';

/** The collection of the practice's PracticePreferences resource (one per practice). */
export const PRACTICE_PREFERENCES_COLLECTION = 'PracticePreferences';

/**
 * The stored PracticePreferences resource: any of the section 9 values it sets, over the defaults
 * (`withPreferenceDefaults`). Fields it does not set take the default; unknown fields are kept.
 */
export type PracticePreferencesResource = Resource & Partial<PracticePreferenceValues> & { resourceType: 'PracticePreferences' };

/** The things a practice names in its own words (SPEC.md section 3: the six labels). */
export type LabelKind = keyof PracticePreferenceValues['labels'];

/** Every label, in the order the preferences screen shows them. */
export const LABEL_KINDS: readonly LabelKind[] = ['patient', 'practitioner', 'location', 'session', 'enrollment', 'problem'];

/** One label per kind, singular and plural. */
export type PracticeLabels = Readonly<Record<LabelKind, Label>>;

/**
 * The practice's preferences resource among those read: the same one the server applies
 * (`loadPracticePreferences`: the first created, then by id), ignoring deleted copies, so the
 * screen shows what the server enforces.
 */
export function currentPracticePreferences(items: readonly PracticePreferencesResource[]): PracticePreferencesResource | undefined {
  const live = items.filter((i) => !i.meta?.isDeleted);
  return [...live].sort((a, b) => compare(a.created ?? '', b.created ?? '') || compare(a.id, b.id))[0];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The values in force: the stored resource's over the defaults of SPEC.md section 9. */
export function preferenceValues(resource: PracticePreferencesResource | undefined): PracticePreferenceValues {
  return withPreferenceDefaults(resource as Partial<PracticePreferenceValues> | undefined);
}

/**
 * The labels in force. A blank stored label (a half-finished edit saved elsewhere) falls back to
 * the default for that form, so the navigation never shows an empty name.
 */
export function practiceLabels(values: PracticePreferenceValues): PracticeLabels {
  const defaults = withPreferenceDefaults(undefined).labels;
  const out = {} as Record<LabelKind, Label>;
  for (const kind of LABEL_KINDS) {
    const stored = values.labels[kind] as Partial<Label> | undefined;
    out[kind] = {
      singular: stored?.singular?.trim() || defaults[kind].singular,
      plural: stored?.plural?.trim() || defaults[kind].plural,
    };
  }
  return out;
}
