import { array, date, mixed, number, object, string } from 'yup';
import { describe, expect, it } from 'vitest';
import { applyFormLocale, issuePath, validateWithSchema } from './index.ts';

// Importing ./index.ts applied the locale; calling it again must change nothing.
applyFormLocale();
applyFormLocale();

/** The one message a schema gives for a value (strict: as the server checks). */
function messageOf(schema: Parameters<typeof validateWithSchema>[0], value: unknown, strict = true): string | undefined {
  return validateWithSchema(schema, value, { strict })[0]?.message;
}

describe('the defaults of SPEC.md section 5', () => {
  it.each([
    ['required', string().required(), undefined, 'this is a required field'],
    ['oneOf', string().oneOf(['a', 'b']), 'c', 'this must be one of the following values: a, b'],
    ['string min', string().min(3), 'ab', 'this must be at least 3 characters'],
    ['string max', string().max(2), 'abc', 'this must be at most 2 characters'],
    ['string length', string().length(4), 'abc', 'this must be exactly 4 characters'],
    ['email', string().email(), 'not-an-email', 'this must be a valid email'],
    ['url', string().url(), 'no url', 'this must be a valid URL'],
    ['number min', number().min(5), 4, 'this must be greater than or equal to 5'],
    ['number max', number().max(5), 6, 'this must be less than or equal to 5'],
    ['positive', number().positive(), 0, 'this must be a positive number'],
    ['negative', number().negative(), 0, 'this must be a negative number'],
    ['integer', number().integer(), 1.5, 'this must be an integer'],
    ['array min', array().min(2), [1], 'this field must have at least 2 items'],
    ['array max', array().max(1), [1, 2], 'this field must have less than or equal to 1 items'],
    ['no unknown keys', object({ a: string() }).noUnknown(), { a: 'x', b: 1 }, 'this field has unspecified keys: b'],
  ])('%s', (_rule, schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
  });

  it('names the field by its label when it has one, else by its path', () => {
    const schema = object({ family: string().required().label('Family name'), given: string().required() });
    expect(validateWithSchema(schema, {})).toEqual([
      { path: 'family', message: 'Family name is a required field' },
      { path: 'given', message: 'given is a required field' },
    ]);
  });
});

describe('the product overrides', () => {
  it.each([
    ['a test with no message of its own', mixed().test('odd', (v) => v !== 'bad'), 'bad', 'this is invalid.'],
    ['a value of the wrong type', number(), 'seven', 'this is invalid.'],
    ['a pattern', string().matches(/^\d+$/), 'x', 'this is invalid.'],
    [
      'date min',
      date().min(new Date('2020-01-01T00:00:00Z')),
      new Date('2019-01-01T00:00:00Z'),
      'this field must be later than 2020-01-01T00:00:00.000Z',
    ],
    [
      'date max',
      date().max(new Date('2020-01-01T00:00:00Z')),
      new Date('2021-01-01T00:00:00Z'),
      'this field must be earlier than 2020-01-01T00:00:00.000Z',
    ],
    ['leading or trailing whitespace', string().trim(), ' Clients', 'this cannot begin or end with whitespace'],
    ['lowercase', string().lowercase(), 'Abc', 'this must be lowercase'],
    ['uppercase', string().uppercase(), 'Abc', 'this must be uppercase'],
  ])('%s', (_rule, schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
  });

  it('a form (not strict) trims instead of refusing', () => {
    expect(validateWithSchema(string().trim().min(2), ' ab ')).toEqual([]);
  });
});

describe('custom rules', () => {
  const episode = object({
    status: string().oneOf(['active', 'finished']),
    end: string().requiredWhen('status', (s) => s === 'finished', '${path} is needed once finished'),
    reason: string().unless(
      'status',
      (s) => s === 'active',
      (s) => s.required(),
    ),
    codes: array(string()).unique(),
    codings: array(object({ code: string(), display: string() })).unique(undefined, (c) => c.code),
  });

  it('requiredWhen is required only when the condition holds, with the default or a given message', () => {
    expect(validateWithSchema(episode, { status: 'active', reason: 'x' })).toEqual([]);
    expect(validateWithSchema(episode, { status: 'finished', reason: 'x' })).toEqual([
      { path: 'end', message: 'end is needed once finished' },
    ]);
    const plain = object({ a: string(), b: string().requiredWhen('a', (a) => a === 'y') });
    expect(validateWithSchema(plain, { a: 'y' })).toEqual([{ path: 'b', message: 'b is a required field' }]);
    expect(validateWithSchema(plain, { a: 'n' })).toEqual([]);
  });

  it('requiredWhen can watch several fields', () => {
    const s = object({ a: string(), b: string(), c: string().requiredWhen(['a', 'b'], (a, b) => a === '1' && b === '2') });
    expect(validateWithSchema(s, { a: '1', b: '2' })).toEqual([{ path: 'c', message: 'c is a required field' }]);
    expect(validateWithSchema(s, { a: '1', b: '3' })).toEqual([]);
  });

  it('unless applies its rule only when the condition does not hold', () => {
    expect(validateWithSchema(episode, { status: 'active' })).toEqual([]);
    expect(validateWithSchema(episode, { status: 'finished', end: '2024-01-01' })).toEqual([
      { path: 'reason', message: 'reason is a required field' },
    ]);
  });

  it('unique refuses duplicates, whole items or by a key', () => {
    expect(validateWithSchema(episode, { status: 'active', codes: ['a', 'b', 'a'] })).toEqual([
      { path: 'codes', message: 'codes cannot have duplicates.' },
    ]);
    expect(validateWithSchema(episode, { status: 'active', codes: ['a', 'b'] })).toEqual([]);
    expect(
      validateWithSchema(episode, {
        status: 'active',
        codings: [
          { code: 'x', display: 'X' },
          { code: 'x', display: 'Other' },
        ],
      }),
    ).toEqual([{ path: 'codings', message: 'codings cannot have duplicates.' }]);
    expect(messageOf(array().unique('${path} twice'), [1, 1])).toBe('this twice');
    expect(validateWithSchema(array().unique(), undefined)).toEqual([]);
  });
});

describe('issues', () => {
  it('have dotted paths', () => {
    expect(issuePath('names[0].given[1]')).toBe('names.0.given.1');
    expect(issuePath('a["b c"].d')).toBe('a.b c.d');
    expect(issuePath(undefined)).toBe('');
    const schema = object({ names: array(object({ family: string().required() })) });
    expect(validateWithSchema(schema, { names: [{ family: 'a' }, {}] })).toEqual([
      { path: 'names.1.family', message: 'names[1].family is a required field' },
    ]);
  });
});
