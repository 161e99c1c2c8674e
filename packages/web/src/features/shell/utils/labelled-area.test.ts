import { withPreferenceDefaults } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { practiceLabels } from '../../practice/index.ts';
import { areaById } from './areas.ts';
import { labelledArea } from './labelled-area.ts';

const clients = practiceLabels({
  ...withPreferenceDefaults(undefined),
  labels: { ...withPreferenceDefaults(undefined).labels, patient: { singular: 'Client', plural: 'Clients' } },
});

describe('labelledArea', () => {
  it("names the patients area by the practice's patient label, description included", () => {
    const area = labelledArea(areaById('patients'), clients);
    expect(area.label).toBe('Clients');
    expect(area.description).toMatch(/^The clients you care for/);
    expect(area.path).toBe('/patients');
  });

  it('leaves areas that name no label as they are', () => {
    expect(labelledArea(areaById('notes'), clients)).toEqual(areaById('notes'));
  });
});
