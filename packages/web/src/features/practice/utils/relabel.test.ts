import { withPreferenceDefaults } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { practiceLabels } from './practice-preferences.ts';
import { relabel } from './relabel.ts';

const labels = (patient: [string, string], location?: [string, string]) =>
  practiceLabels({
    ...withPreferenceDefaults(undefined),
    labels: {
      ...withPreferenceDefaults(undefined).labels,
      patient: { singular: patient[0], plural: patient[1] },
      ...(location ? { location: { singular: location[0], plural: location[1] } } : {}),
    },
  });

describe('relabel', () => {
  it('says the practice word, in the case of the text', () => {
    const clients = labels(['Client', 'Clients']);
    expect(relabel('Patients', clients)).toBe('Clients');
    expect(relabel('The patients you care for', clients)).toBe('The clients you care for');
    expect(relabel('New patient', clients)).toBe('New client');
    expect(relabel('PATIENT', clients)).toBe('CLIENT');
  });

  it('renames whole words only, plural before singular', () => {
    const people = labels(['Person served', 'People served'], ['Site', 'Sites']);
    expect(relabel('Patients and families', people)).toBe('People served and families');
    expect(relabel('Outpatient locations', people)).toBe('Outpatient sites');
  });

  it('leaves text alone when nothing is renamed', () => {
    const same = labels(['Patient', 'Patients']);
    expect(relabel('Patients and families', same)).toBe('Patients and families');
  });
});
