import { PRACTICE_PREFERENCE_DEFAULTS } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { EXTRA_PREFERENCE_KEYS, PREFERENCE_KEYS } from './preference-fields.ts';
import { preferencesDraft, preferencesFormValues, preferencesSchema } from './preferences-form.ts';

describe('the preferences screen', () => {
  it('offers every preference of section 9 exactly once (the labels have their own group)', () => {
    const all = [...Object.keys(PRACTICE_PREFERENCE_DEFAULTS).filter((k) => k !== 'labels'), ...EXTRA_PREFERENCE_KEYS].sort();
    expect([...PREFERENCE_KEYS].sort()).toEqual(all);
  });

  it('accepts the defaults as they are', async () => {
    const values = preferencesFormValues(PRACTICE_PREFERENCE_DEFAULTS);
    await expect(preferencesSchema().validate(values)).resolves.toBeTruthy();
  });

  it("says section 5's messages, naming the field", async () => {
    const values = preferencesFormValues(PRACTICE_PREFERENCE_DEFAULTS);
    const bad = {
      ...values,
      sessionTimeoutInMinutes: 0,
      noteSignWarningTimeout: 1.5,
      labels: { ...values.labels, patient: { singular: '', plural: 'Clients' } },
    };
    const errors = await preferencesSchema()
      .validate(bad, { abortEarly: false })
      .then(
        () => [] as string[],
        (e: { errors: string[] }) => e.errors,
      );
    expect(errors).toContain('Sign out after inactivity must be greater than or equal to 1');
    expect(errors).toContain('Warn about unsigned notes after must be an integer');
    expect(errors).toContain('Patient (one) is a required field');
  });

  it('offers the time zone (America/New_York until chosen) and the practice name, refusing an unknown zone', async () => {
    const values = preferencesFormValues(PRACTICE_PREFERENCE_DEFAULTS);
    expect(values).toMatchObject({ timeZone: 'America/New_York', practiceName: '' });
    expect(preferencesFormValues({ ...PRACTICE_PREFERENCE_DEFAULTS, timeZone: 'America/Chicago' } as never).timeZone).toBe(
      'America/Chicago',
    );
    const errors = await preferencesSchema()
      .validate({ ...values, timeZone: 'Mars/Olympus_Mons' }, { abortEarly: false })
      .then(
        () => [] as string[],
        (e: { errors: string[] }) => e.errors,
      );
    expect(errors).toEqual(['Time zone is invalid.']);
    // A blank name is not saved: the printout falls back to the practice's id.
    expect(preferencesDraft(undefined, { ...values, practiceName: '  ' }).practiceName).toBeUndefined();
    expect(preferencesDraft(undefined, { ...values, practiceName: ' Riverside ' })).toMatchObject({
      practiceName: 'Riverside',
      timeZone: 'America/New_York',
    });
  });

  it('saves every value over the stored resource, keeping its other fields', () => {
    const stored = {
      resourceType: 'PracticePreferences' as const,
      id: 'p1',
      meta: { versionId: 'v1', lastModified: '' },
      display: 'Demo practice preferences',
      scribeFormatConfigurations: [{ format: 'SIRP', enabled: false }],
    };
    const form = {
      ...preferencesFormValues({ ...PRACTICE_PREFERENCE_DEFAULTS, scribeFormatConfigurations: stored.scribeFormatConfigurations }),
    };
    const draft = preferencesDraft(stored, { ...form, sessionTimeoutInMinutes: 45 });
    expect(draft).toMatchObject({ id: 'p1', display: 'Demo practice preferences', sessionTimeoutInMinutes: 45, allowNotePrintout: true });
    // Set on the scribe settings screen: saved back as it was read.
    expect(draft.scribeFormatConfigurations).toEqual([{ format: 'SIRP', enabled: false }]);
    expect(preferencesDraft(undefined, form)).toMatchObject({ resourceType: 'PracticePreferences', display: 'Practice preferences' });
  });
});
