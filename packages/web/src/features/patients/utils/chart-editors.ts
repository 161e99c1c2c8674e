/** The chart's edit forms, opened from its tabs (and again from a refused save). */
export type ChartEditor = 'demographics' | 'contacts' | 'addresses' | 'careTeam';

/** How the failed-save alert names what was being changed. */
export const EDITOR_SUBJECT: Record<ChartEditor, string> = {
  demographics: 'demographics',
  contacts: 'phones and e-mails',
  addresses: 'addresses',
  careTeam: 'care team',
};

/** The patient's top-level fields each form changes: what the acting profile must be allowed to update. */
export const EDITOR_FIELDS: Record<ChartEditor, readonly string[]> = {
  demographics: ['names', 'birthDate', 'administrativeSex', 'genderIdentity', 'sexualOrientation', 'race', 'ethnicity'],
  contacts: ['telecom'],
  addresses: ['addresses'],
  careTeam: ['careTeam'],
};
