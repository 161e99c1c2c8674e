import { describe, expect, it } from 'vitest';
import { array, lazy, mixed, object, ref, string, ValidationError, type AnySchema } from 'yup';
import { CARE_TEAM_ROLES, RACES, toCoding } from '../vocabularies/index.ts';
import { RESOURCE_SCHEMAS } from '../people/resource-schemas.ts';
import { healthcareServiceSchema } from '../practice/practice-schemas.ts';
import { validateWithSchema } from './index.ts';
import { passesStrict } from './strict-validity.ts';

const CONTEXT = { today: '2026-06-01' };

/** yup's own answer: no issues at all. */
function yupPasses(schema: AnySchema, value: unknown): boolean {
  try {
    schema.validateSync(value, { strict: true, abortEarly: false, context: CONTEXT });
    return true;
  } catch (error) {
    if (error instanceof ValidationError) return false;
    throw error;
  }
}

const patient = {
  resourceType: 'Patient',
  id: 'p1',
  created: '2026-01-01T00:00:00.000Z',
  meta: { versionId: 'v1', lastModified: '2026-01-01T00:00:00.000Z' },
  display: 'Doe, Jane',
  names: [
    { given: ['Jane'], family: 'Doe' },
    { use: 'Preferred', given: ['Janie'] },
  ],
  birthDate: '1990-02-28',
  administrativeSex: 'Female',
  race: [toCoding(RACES, '2106-3')],
  mrn: 'MRN-000123',
  identifiers: [{ system: 'urn:caseload:mrn', type: 'MR', value: 'MRN-000123' }],
  telecom: [
    { system: 'Phone', use: 'Mobile', value: '(555) 123-4567' },
    { system: 'Email', value: 'jane@example.org' },
  ],
  addresses: [{ use: 'Home', line: ['1 Main St'], city: 'Springfield', state: 'IL', postalCode: '62701' }],
  careTeam: [
    { member: { resourceType: 'Practitioner', id: 'dr1', display: 'Dr. Rivera' }, role: toCoding(CARE_TEAM_ROLES, 'primary-clinician') },
  ],
  alerts: ['Prefers mornings'],
};

/** Values that break, or happen to satisfy, one rule or another. */
const JUNK: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  ' padded',
  'x'.repeat(300),
  0,
  -1,
  1.5,
  true,
  [],
  [{}],
  {},
  { code: 'nope' },
  'Email',
  'Phone',
  'not-an-email',
  'a@b.co',
  '555-0100',
  '2990-01-01',
  '1870-01-01',
  '2026-02-30',
  'Female',
  'MR',
  ['Jane', 'Jane'],
  [{ family: 'A' }, { family: 'A' }],
  { resourceType: 'Practitioner' },
];

/** Every path of `value` to a member or item, outermost first. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_v, i) => i) : Object.keys(value);
  return keys.flatMap((k) => [[...prefix, k], ...pathsOf((value as Record<string | number, unknown>)[k], [...prefix, k])]);
}

function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement === undefined && !Array.isArray(target)) delete target[last];
  else target[last] = replacement;
  return copy;
}

describe('passesStrict', () => {
  it('proves valid records valid (a full Patient, one named by display, a service whose units are required)', () => {
    expect(passesStrict(RESOURCE_SCHEMAS.Patient!, patient, CONTEXT)).toBe(true);
    expect(passesStrict(RESOURCE_SCHEMAS.Patient!, { display: 'Imported, Person' }, CONTEXT)).toBe(true);
    expect(passesStrict(healthcareServiceSchema, { name: 'S', flags: ['RequireUnits'], unitMinutes: 15 }, CONTEXT)).toBe(true);
  });

  it('never says valid where yup finds an issue: every member of a Patient replaced by each junk value', () => {
    const schema = RESOURCE_SCHEMAS.Patient!;
    let proven = 0;
    let refused = 0;
    for (const path of pathsOf(patient)) {
      for (const junk of JUNK) {
        const value = withValueAt(patient, path, junk);
        const fast = passesStrict(schema, value, CONTEXT);
        const yup = yupPasses(schema, value);
        if (fast) expect({ path, junk, yup }).toEqual({ path, junk, yup: true });
        if (fast) proven++;
        if (!yup) refused++;
      }
    }
    // Both answers occur, so the comparison above means something.
    expect(proven).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('keeps the two branches of a requiredWhen apart (names required only without a display)', () => {
    const schema = RESOURCE_SCHEMAS.Patient!;
    expect(passesStrict(schema, { display: 'A' }, CONTEXT)).toBe(true);
    expect(passesStrict(schema, { display: '' }, CONTEXT)).toBe(false);
    expect(passesStrict(schema, {}, CONTEXT)).toBe(false);
    expect(passesStrict(schema, { display: 'B' }, CONTEXT)).toBe(true);
  });

  it('keeps the branches of a when by value (a contact value is checked as its system says)', () => {
    const schema = RESOURCE_SCHEMAS.Patient!;
    const contact = (system: string, value: string) => ({ display: 'A', telecom: [{ system, value }] });
    expect(passesStrict(schema, contact('Phone', '555-0100'), CONTEXT)).toBe(true);
    expect(passesStrict(schema, contact('Email', '555-0100'), CONTEXT)).toBe(false);
    expect(passesStrict(schema, contact('Email', 'a@b.co'), CONTEXT)).toBe(true);
    expect(passesStrict(schema, contact('Phone', 'a@b.co'), CONTEXT)).toBe(false);
  });

  it('reads the validation context (a birth date after today fails)', () => {
    const schema = RESOURCE_SCHEMAS.Patient!;
    expect(passesStrict(schema, { display: 'A', birthDate: '2026-06-01' }, CONTEXT)).toBe(true);
    expect(passesStrict(schema, { display: 'A', birthDate: '2026-06-02' }, CONTEXT)).toBe(false);
  });

  it('leaves to yup what it does not know: lazy schemas, tests answering a Promise, tests that throw', () => {
    const withLazy = object({ a: lazy(() => string()), b: string().required() });
    // Twice: the second call must not find a plan the first one left half made.
    expect(passesStrict(withLazy, { a: 'x' })).toBe(false);
    expect(passesStrict(withLazy, { a: 'x' })).toBe(false);
    expect(passesStrict(array(withLazy), [{ a: 'x', b: 'y' }])).toBe(false);
    expect(
      passesStrict(
        string().test('later', () => Promise.resolve(true) as unknown as boolean),
        'x',
      ),
    ).toBe(false);
    expect(
      passesStrict(
        string().test('throws', () => {
          throw new Error('boom');
        }),
        'x',
      ),
    ).toBe(false);
  });

  it('resolves references as yup does (a sibling through ref, a value in a oneOf of refs)', () => {
    const range = object({
      min: mixed(),
      max: mixed().test('ordered', (v, ctx) => v === undefined || (v as number) >= (ctx.parent as { min: number }).min),
    });
    expect(passesStrict(range, { min: 1, max: 2 })).toBe(true);
    expect(passesStrict(range, { min: 3, max: 2 })).toBe(false);
    const same = object({ a: string(), b: string().oneOf([ref('a')]) });
    expect(yupPasses(same, { a: 'x', b: 'x' })).toBe(true);
    // oneOf calls resolve unbound; a Ref then is not proven here, and yup says what it finds.
    expect(passesStrict(same, { a: 'x', b: 'y' })).toBe(false);
    expect(validateWithSchema(same, { a: 'x', b: 'x' }, { strict: true })).toEqual([]);
  });

  it('checks fields named like Object.prototype members, which a plain object inherits', () => {
    const schema = object({ constructor: string() });
    expect(yupPasses(schema, {})).toBe(false);
    expect(passesStrict(schema, {})).toBe(false);
    expect(passesStrict(array(schema), [{ constructor: 'x' }])).toBe(true);
  });

  it('gives validateWithSchema the same issues as yup, fast path or not', () => {
    const schema = RESOURCE_SCHEMAS.Patient!;
    expect(validateWithSchema(schema, patient, { strict: true, context: CONTEXT })).toEqual([]);
    expect(validateWithSchema(schema, { ...patient, names: [{ family: ' Doe' }] }, { strict: true, context: CONTEXT })).toEqual([
      { path: 'names.0.family', message: 'names[0].family cannot begin or end with whitespace' },
    ]);
  });
});
