import { RESOURCE_SCHEMAS } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import {
  carePlanActivityRules,
  carePlanOutcomeRules,
  carePlanRules,
  carePlanSessionRules,
  noteOutcomesInChart,
} from './care-plans/care-plan.hooks.ts';
import { setOwner } from './access/owned-records.ts';
import { keepOwnProfileGoverned } from './access/own-profile.ts';
import { encounterRules, noteRules } from './notes/note.hooks.ts';
import { mergedIntoKept } from './patients/merged-partition.hook.ts';
import { keepMrn } from './patients/patient-mrn.hook.ts';
import { appointmentLinkKept, appointmentRules, itineraryRules, scheduleRules } from './scheduling/scheduling.rules.ts';
import { WRITE_RULES } from './write-rules.ts';

/** The one table of write rules keeps the orders the rules rely on. */
const rulesOf = (typeName: string) => WRITE_RULES.beforeWrite.get(typeName) ?? [];

describe('the write rules table', () => {
  it("sets a personal signature's owner before its schema is checked", () => {
    expect(rulesOf('PersonalSignature')).toHaveLength(2);
    expect(rulesOf('PersonalSignature')[0]).toBe(setOwner);
  });

  it('checks a patient against its schema, then sets display and MRN, and checks mergedInto last', () => {
    const rules = rulesOf('Patient');
    expect(rules).toHaveLength(4);
    expect(rules.slice(2)).toEqual([keepMrn, mergedIntoKept]);
  });

  it("refuses changes to one's own practitioner profile before anything else runs on it", () => {
    expect(rulesOf('Practitioner')[0]).toBe(keepOwnProfileGoverned);
    expect(rulesOf('Practitioner')).toHaveLength(3);
  });

  it('gives every people and set-up type its schema check, and notes their own rules', () => {
    for (const typeName of Object.keys(RESOURCE_SCHEMAS)) expect(rulesOf(typeName).length, typeName).toBeGreaterThan(0);
    expect(rulesOf('Note')).toEqual([noteRules, noteOutcomesInChart]);
    expect(rulesOf('Encounter')).toEqual([encounterRules, carePlanActivityRules, appointmentLinkKept]);
  });

  it('checks care plans, their sessions and outcomes by their own rules', () => {
    expect(rulesOf('CarePlan')).toEqual([carePlanRules]);
    expect(rulesOf('CarePlanSession')).toEqual([carePlanSessionRules]);
    expect(rulesOf('CarePlanOutcome')).toEqual([carePlanOutcomeRules]);
  });

  it('gives each scheduling type its rules', () => {
    expect(rulesOf('Appointment')).toEqual([appointmentRules]);
    expect(rulesOf('Schedule')).toEqual([scheduleRules]);
    expect(rulesOf('Itinerary')).toEqual([itineraryRules]);
  });

  it("guards every patient chart's writes against a merged partition", () => {
    expect(WRITE_RULES.guards.get('Note')).toHaveLength(1);
    expect(WRITE_RULES.guards.get('Patient')).toBeUndefined();
  });
});
