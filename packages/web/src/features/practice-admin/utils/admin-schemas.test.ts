import { describe, expect, it } from 'vitest';
import { locationSchema, programSchema, serviceSchema } from './admin-schemas.ts';

const errorsOf = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
};

describe('admin schemas', () => {
  it("says section 5's required message with the field's label, and trims names", async () => {
    expect(await errorsOf(programSchema, { name: '   ' })).toEqual(['Name is a required field']);
    expect(programSchema.cast({ name: '  Youth  ' }).name).toBe('Youth');
  });

  it('takes only a CMS place-of-service code and a US state', async () => {
    const base = { name: 'Main office', address: {} };
    expect(await errorsOf(locationSchema, { ...base, placeOfService: '11' })).toEqual([]);
    expect(await errorsOf(locationSchema, { ...base })).toEqual(['Place of service is a required field']);
    const bad = await errorsOf(locationSchema, { ...base, placeOfService: '98', address: { state: 'XX', postalCode: '123' } });
    expect(bad).toContainEqual(expect.stringMatching(/^Place of service must be one of the following values: /));
    expect(bad).toContainEqual(expect.stringMatching(/^State must be one of the following values: /));
    expect(bad).toContain('ZIP code is invalid.');
  });

  it('needs whole minutes per unit only when the service requires units', async () => {
    expect(await errorsOf(serviceSchema, { name: 'Therapy', flags: ['Billable'], unitMinutes: '' })).toEqual([]);
    expect(await errorsOf(serviceSchema, { name: 'Therapy', flags: ['RequireUnits'], unitMinutes: '' })).toEqual([
      'Minutes per unit is a required field',
    ]);
    expect(await errorsOf(serviceSchema, { name: 'Therapy', flags: ['RequireUnits'], unitMinutes: 7.5 })).toEqual([
      'Minutes per unit must be an integer',
    ]);
    expect(serviceSchema.cast({ name: 'T', flags: [], unitMinutes: 15 })).not.toHaveProperty('unitMinutes');
  });
});
