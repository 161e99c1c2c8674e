import { NoteRuleKinds, type NoteRule, type Reference } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { noteRuleSchema, ruleFields, ruleFormValues, ruleParameters } from './rule-form.ts';
import { EMPTY_PARAMETERS, RULE_KINDS, presenceLabel, ruleKindInfo } from './rule-kinds.ts';

const refer = (resourceType: string, id: string): Reference => ({ resourceType, id, display: `${resourceType} ${id}` });
const errorsOf = (values: unknown) =>
  noteRuleSchema.validate(values, { abortEarly: false }).then(
    () => [] as string[],
    (e: { errors: string[] }) => e.errors,
  );

describe('rule kinds', () => {
  it('describes every kind of NoteRuleKinds once, in the order of the enumeration', () => {
    expect(RULE_KINDS.map((k) => k.kind)).toEqual([...NoteRuleKinds]);
  });

  it('starts SpanMidnight and SessionOverlap at NotPresent and the others at MustBePresent (docs/notes.md)', () => {
    const notPresent = RULE_KINDS.filter((k) => k.defaultPresence === 'NotPresent').map((k) => k.kind);
    expect(notPresent).toEqual(['SpanMidnight', 'SessionOverlap']);
    expect(presenceLabel('NotPresent', ruleKindInfo('SpanMidnight').subject)).toBe('Must not have a session spanning midnight');
  });
});

describe('rule parameters', () => {
  it("stores only the picked kind's parameters, leaving empty numbers out so the built-in default applies", () => {
    const v = { ...EMPTY_PARAMETERS, minMinutes: 53, maxMinutes: undefined, minYears: 18 };
    expect(ruleParameters('SessionDuration', v, refer)).toEqual({ minMinutes: 53 });
    expect(ruleParameters('Age', v, refer)).toEqual({ minYears: 18 });
    expect(ruleParameters('ProgramSelected', v, refer)).toEqual({});
    expect(ruleParameters('ShowStatus', v, refer)).toEqual({ allowed: ['Show'] });
    expect(ruleParameters('SessionOverlap', { ...v, overlapScope: 'Patient' }, refer)).toEqual({ scope: 'Patient' });
    expect(ruleParameters('Insurance', v, refer)).toEqual({});
    expect(ruleParameters('Insurance', { ...v, payers: ['Medicaid'] }, refer)).toEqual({ payers: ['Medicaid'] });
  });

  it('turns program-location rows into references, skipping a row with no program', () => {
    const v = {
      ...EMPTY_PARAMETERS,
      programLocations: [
        { program: 'p1', locations: ['l1', 'l2'] },
        { program: '', locations: ['l3'] },
      ],
    };
    expect(ruleParameters('ProgramLocation', v, refer)).toEqual({
      allowed: [{ program: refer('Program', 'p1'), locations: [refer('Location', 'l1'), refer('Location', 'l2')] }],
    });
  });

  it('reads a stored rule back into the form exactly', () => {
    const stored: NoteRule = {
      resourceType: 'NoteRule',
      id: 'r1',
      meta: { versionId: 'v1', lastModified: '' },
      name: 'Psychotherapy 53+',
      kind: 'ProgramLocation',
      status: 'Active',
      severity: 'warn',
      presence: 'MaybePresent',
      parameters: { allowed: [{ program: refer('Program', 'p1'), locations: [refer('Location', 'l1')] }] },
      scope: { serviceTypes: [refer('HealthcareService', 's1')], noteKinds: ['Note'] },
    };
    const v = ruleFormValues(stored);
    expect(v).toMatchObject({
      kind: 'ProgramLocation',
      presence: 'MaybePresent',
      severity: 'warn',
      serviceTypes: ['s1'],
      programs: [],
      noteKinds: ['Note'],
    });
    expect(v.parameters.programLocations).toEqual([{ program: 'p1', locations: ['l1'] }]);
    expect(ruleFields(v, refer)).toMatchObject({
      parameters: stored.parameters,
      scope: { serviceTypes: [refer('HealthcareService', 's1')], noteKinds: ['Note'] },
    });
  });

  it("gives a new rule its kind's default presence and no scope", () => {
    const v = ruleFormValues(undefined);
    expect(v).toMatchObject({ kind: 'SessionDuration', presence: 'MustBePresent', severity: 'block' });
    expect(ruleFields({ ...v, name: '  Short ' }, refer)).toEqual({
      name: 'Short',
      kind: 'SessionDuration',
      presence: 'MustBePresent',
      severity: 'block',
      message: undefined,
      parameters: {},
      scope: undefined,
    });
  });
});

describe('the rule form schema', () => {
  const base = ruleFormValues(undefined);

  it('accepts a complete rule', async () => {
    expect(await errorsOf({ ...base, name: 'Minimum', parameters: { ...base.parameters, minMinutes: 53 } })).toEqual([]);
  });

  it("says section 5's messages, naming each field by its label", async () => {
    expect(await errorsOf({ ...base, name: '' })).toContain('Name is a required field');
    const inverted = await errorsOf({ ...base, name: 'x', parameters: { ...base.parameters, minMinutes: 60, maxMinutes: 30 } });
    expect(inverted).toEqual(['Maximum minutes must be greater than or equal to 60']);
    expect(await errorsOf({ ...base, name: 'x', parameters: { ...base.parameters, minMinutes: -5 } })).toEqual([
      'Minimum minutes must be greater than or equal to 0',
    ]);
  });

  it("checks only the picked kind's parameters", async () => {
    const increment = {
      ...base,
      name: 'x',
      kind: 'SessionDurationIncrement',
      parameters: { ...base.parameters, minMinutes: 60, maxMinutes: 30 },
    };
    expect(await errorsOf(increment)).toEqual(['Increment is a required field']);
    expect(await errorsOf({ ...increment, parameters: { ...increment.parameters, incrementMinutes: 15 } })).toEqual([]);
    const age = await errorsOf({ ...base, name: 'x', kind: 'Age', parameters: { ...base.parameters, minYears: 18, maxYears: 12.5 } });
    expect(age).toEqual(expect.arrayContaining(['Maximum age must be an integer', 'Maximum age must be greater than or equal to 18']));
    const show = await errorsOf({ ...base, name: 'x', kind: 'ShowStatus', parameters: { ...base.parameters, visitStatuses: [] } });
    expect(show).toEqual(['Allowed visit statuses field must have at least 1 items']);
    const programs = await errorsOf({
      ...base,
      name: 'x',
      kind: 'ProgramLocation',
      parameters: { ...base.parameters, programLocations: [{ program: 'p1', locations: [] }] },
    });
    expect(programs).toHaveLength(1);
  });
});
