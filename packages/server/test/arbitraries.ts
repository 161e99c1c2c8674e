import fc from 'fast-check';

/**
 * fast-check arbitraries for hostile API input: strings full of SQL, regex, JSON-pointer and
 * Unicode trouble, numbers at the edges of a double, and JSON text a client could send but
 * `JSON.stringify` never writes (numbers beyond a double, deep nesting, invalid text).
 */

/** Characters that have broken parsers, SQL, jsonpath, regexes or PostgreSQL's text types. */
const TROUBLE_CHARS = [
  "'",
  '"',
  '\\',
  '%',
  '_',
  '*',
  '?',
  '.',
  '^',
  '$',
  '|',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '+',
  '-',
  '@',
  '#',
  '/',
  '~',
  '&',
  '=',
  ';',
  ',',
  ':',
  '<',
  '>',
  '`',
  '!',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u00ff',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ufffd',
  '\uffff',
  // Unpaired surrogates: valid in a JS string and in JSON text (`"\ud800"`), not in UTF-8 or jsonb.
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  'é',
  'ß',
  'İ',
  'ﬀ',
  'Σ',
  '漢',
  '😀',
  '👩‍⚕️',
  '\u0301',
  'ǅ',
];

/** Words that mean something to SQL, jsonpath, regexes or JavaScript objects. */
export const TROUBLE_WORDS = [
  "'; DROP TABLE r_patient; --",
  "' OR '1'='1",
  '$1',
  '$$',
  '::jsonpath',
  '::text',
  'NULL',
  'null',
  'true',
  '%_%',
  '.*',
  '(a+)+$',
  '[^]',
  '\\d',
  '\\',
  '{1,1000}',
  '(?i)',
  'like_regex',
  '$.a ? (@ == 1)',
  'lax $',
  '@ == null',
  'exists',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '2024-02-30',
  '0000-00-00',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '9'.repeat(400),
  '',
];

export const troubleChar = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TROUBLE_CHARS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);

/** A short string made of trouble: mixed characters and whole words. */
export const troubleString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: troubleChar, maxLength: 12 }) },
  { weight: 2, arbitrary: fc.constantFrom(...TROUBLE_WORDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** Numbers a double can hold, at its edges. */
export const edgeNumber = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.1, 1e21, -1e21, 1e308, -1e308, 5e-324, -5e-324, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1.7976931348623157e308),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** JSON text for a value beyond what a double or JSON.stringify produces. */
export const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '1e-400', '0.0000000000000000000001', '-0.0', '1E+2'];

/** A value that serialises as raw JSON text, so bodies can carry what JSON.stringify cannot write. */
export class RawJson {
  constructor(readonly text: string) {}
}

export const rawNumber = fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text));

/**
 * JSON text of `value`. RawJson pieces are spliced in as they are; own `__proto__` members
 * (as fc.dictionary and JSON.parse make them) are written like any other member.
 */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.keys(value).map((k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Arbitrary JSON with trouble in its strings and numbers. */
export const troubleJson = fc.jsonValue({ maxDepth: 3, stringUnit: troubleChar });

/** Keys a resource body should never be confused by. */
export const oddKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'id',
    'meta',
    'resourceType',
    'partition',
    'created',
    'display',
    '',
    ' ',
    'a.b',
    '$ref',
    '@',
    '\u0000',
    '\ud800',
    'x'.repeat(1000),
  ),
  troubleString,
);

const scalar = fc.oneof(troubleString, edgeNumber, fc.boolean(), fc.constant(null), rawNumber);

/** Objects with odd keys and trouble values, nested a little. */
export const oddObject = fc.letrec<{ node: unknown; object: Record<string, unknown> }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('object'), fc.array(tie('node'), { maxLength: 3 })),
  object: fc.dictionary(oddKey, tie('node'), { maxKeys: 5 }),
})).object;

/** Text of `depth` nested arrays or objects around a scalar. */
export function nestedText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export const deepNesting = fc.record({
  depth: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.constantFrom(1000, 5000, 20_000, 100_000)),
  kind: fc.constantFrom('array' as const, 'object' as const),
});
