import { describe, expect, it } from 'vitest';
import { currentPracticePreferences, practiceLabels, preferenceValues, type PracticePreferencesResource } from './practice-preferences.ts';

const prefs = (id: string, fields: Partial<PracticePreferencesResource> = {}): PracticePreferencesResource => ({
  resourceType: 'PracticePreferences',
  id,
  meta: { versionId: 'v1', lastModified: '2026-01-01T00:00:00Z' },
  ...fields,
});

describe('practice preferences', () => {
  it('picks the resource the server applies: first created, then by id, never a deleted one', () => {
    const a = prefs('b', { created: '2026-01-02T00:00:00Z' });
    const b = prefs('a', { created: '2026-01-02T00:00:00Z' });
    const c = prefs('z', { created: '2026-01-01T00:00:00Z', meta: { versionId: 'v', lastModified: '', isDeleted: true } });
    expect(currentPracticePreferences([a, b, c])?.id).toBe('a');
    expect(currentPracticePreferences([])).toBeUndefined();
  });

  it('fills every value the practice has not set from the defaults of section 9', () => {
    const values = preferenceValues(prefs('p', { noteSignWarningTimeout: 48 }));
    expect(values.noteSignWarningTimeout).toBe(48);
    expect(values.sessionTimeoutInMinutes).toBe(30);
    expect(values.defaultScribeNoteFormat).toBe('GIRPP');
    expect(preferenceValues(undefined).patientPopulationLevel).toBe('All');
  });

  it('uses a renamed label and keeps the defaults of the others', () => {
    const labels = practiceLabels(
      preferenceValues(prefs('p', { labels: { patient: { singular: 'Client', plural: 'Clients' } } as never })),
    );
    expect(labels.patient).toEqual({ singular: 'Client', plural: 'Clients' });
    expect(labels.location).toEqual({ singular: 'Location', plural: 'Locations' });
    expect(labels.practitioner.plural).toBe('Practitioners');
  });

  it('falls back to the default for a blank label, so a name is never empty', () => {
    const labels = practiceLabels(preferenceValues(prefs('p', { labels: { patient: { singular: ' ', plural: '' } } as never })));
    expect(labels.patient).toEqual({ singular: 'Patient', plural: 'Patients' });
  });
});
