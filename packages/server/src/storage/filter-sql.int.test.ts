import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { matchesFilters, parseFilters, type FilterTarget } from '@caseload/core';
import { migrate } from '../db/migrate.ts';
import { textSearchColumn, textSearchDdl } from './filter-index-sql.ts';
import { compileFilters, escapeRegex } from './filter-sql.ts';

const url = inject('databaseUrl');
// Unique per run so parallel runs and leftovers of a crashed run never collide.
const schema = `filter_sql_${process.pid}_${Date.now()}`;
const table = `"${schema}".resources`;
const PRACTICE = 'practice-1';
/** A type with no indexed fields or text search: every body field compiles to jsonpath. */
const PLAIN: FilterTarget = { name: 'Plain' };
/**
 * A type declaring the fields every row keeps scalar as indexed (so eq and in compile to `=`), and
 * text search over strings, an array of strings and a path through an array.
 */
const INDEXED: FilterTarget = {
  name: 'Indexed',
  indexedFilterFields: ['display', 'score', 'active', 'birthDate'],
  textSearchPaths: ['display', 'name.given', 'identifiers.value', 'tags'],
};

interface Row {
  id: string;
  partition: string | null;
  version: string;
  modified: string;
  deleted?: boolean;
  body: Record<string, unknown>;
}

// Bodies carry no `meta`, so a column filter only matches if it really reads the column.
const ROWS: Row[] = [
  {
    id: 'p1',
    partition: 'pat-1',
    version: 'V-AAA',
    modified: '2024-01-01T00:00:00Z',
    body: {
      display: 'Ada Lovelace',
      birthDate: '1990-02-03',
      active: true,
      score: 10,
      tags: ['vip', 'new'],
      identifiers: [
        { type: 'MRN', value: 'A1' },
        { type: 'SSN', value: '111' },
      ],
    },
  },
  {
    id: 'p2',
    partition: 'pat-1',
    version: 'v-bbb',
    modified: '2024-01-02T12:00:00Z',
    body: {
      display: 'Alan Turing',
      birthDate: '1912-06-23',
      active: false,
      score: 2.5,
      identifiers: [{ type: 'MRN', value: 'B2' }],
    },
  },
  {
    id: 'p3',
    partition: 'pat-2',
    version: 'v-ccc',
    modified: '2024-01-03T00:00:00Z',
    body: {
      display: 'Grace Hopper',
      active: true,
      score: -3,
      identifiers: [],
      name: { family: 'Hopper', given: ['Grace', 'Brewster'] },
    },
  },
  { id: 'p4', partition: 'pat-2', version: 'v-ddd', modified: '2024-02-01T00:00:00Z', body: { display: 'a.*b', score: '10' } },
  { id: 'p5', partition: null, version: 'v-eee', modified: '2024-02-02T00:00:00Z', body: { display: "O'Brien" } },
  { id: 'p6', partition: null, version: 'v-fff', modified: '2024-02-03T00:00:00Z', body: { display: 'say "hi"' } },
  { id: 'p7', partition: 'pat-3', version: 'v-ggg', modified: '2024-03-01T00:00:00Z', body: { display: 'back\\slash' } },
  { id: 'p8', partition: 'pat-3', version: 'v-hhh', modified: '2024-03-02T00:00:00Z', body: { display: '100% done_now $5' } },
  { id: 'p9', partition: 'pat-3', version: 'v-iii', modified: '2024-03-03T00:00:00Z', body: { display: "'; DROP TABLE x; --" } },
  { id: 'p10', partition: 'pat-4', version: 'v-jjj', modified: '2024-04-01T00:00:00Z', body: { score: null, birthDate: null } },
  { id: 'p11', partition: 'pat-4', version: 'v-kkk', modified: '2024-04-02T00:00:00+02:00', deleted: true, body: { display: 'ÉCOLE' } },
  {
    id: 'p12',
    partition: 'pat-5',
    version: 'v-lll',
    modified: '2024-05-01T00:00:00Z',
    body: {
      display: 'Contact Person',
      contacts: [{ telecom: [{ system: 'phone', value: '555' }] }, { telecom: [{ system: 'email', value: 'x@y.z' }] }],
    },
  },
];
const ALL = ROWS.map((r) => r.id).sort();

let pool: pg.Pool;

beforeAll(async () => {
  // A session zone far from UTC, so a date-only timestamp read in the session zone would show.
  pool = new pg.Pool({ connectionString: url, max: 2, options: '-c TimeZone=America/New_York' });
  // A case-blind collation on version_id (where the server has ICU) stands in for a database whose
  // default is not C, so ordering must come from the compiled COLLATE "C", not the column.
  const icu = await pool.query(`SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu'`);
  const collate = icu.rowCount ? 'COLLATE "und-x-icu"' : '';
  // The text search function and pg_trgm come from the server's migrations.
  await migrate(url);
  await pool.query(`CREATE SCHEMA "${schema}"`);
  await pool.query(`CREATE TABLE ${table} (practice_id text, id text, partition text,
    version_id text ${collate}, last_modified timestamptz, is_deleted boolean, body jsonb)`);
  // The searchable text column exactly as the resource tables get it.
  await pool.query(textSearchDdl(table, INDEXED)[0]!);
  // A decoy in another practice: every query below is scoped by $1, proving numbering starts at $2.
  for (const [practice, r] of [...ROWS.map((r) => [PRACTICE, r] as const), ['other', ROWS[0]!] as const]) {
    await pool.query(`INSERT INTO ${table} VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      practice,
      r.id,
      r.partition,
      r.version,
      r.modified,
      r.deleted ?? false,
      JSON.stringify(r.body),
    ]);
  }
});

afterAll(async () => {
  await pool?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await pool?.end();
});

/** Ids of rows matching `body` after parsing and compiling it for `target`, as the route will. */
async function ids(body: unknown, target: FilterTarget = PLAIN): Promise<string[]> {
  const params: unknown[] = [PRACTICE];
  const where = compileFilters(parseFilters(body), params, target);
  const sql = `SELECT id FROM ${table} WHERE practice_id = $1 AND ${where}`;
  const { rows } = await pool.query<{ id: string }>(sql, params);
  return rows.map((r) => r.id).sort();
}

const f = (field: string, op: string, value: unknown) => ({ field, op, value });
const except = (...excluded: string[]) => ALL.filter((id) => !excluded.includes(id));

describe('compileFilters', () => {
  it('binds every value and numbers placeholders after existing params', () => {
    const params: unknown[] = ['a', 'b'];
    const sql = compileFilters(parseFilters([f('display', 'eq', "'; DROP"), f('id', 'in', ['x'])]), params);
    expect(sql).toBe('(body @? $3::jsonpath AND id = ANY($4::text[]))');
    expect(params).toEqual(['a', 'b', 'lax $."display" ? (@ == "\'; DROP")', ['x']]);
    expect(compileFilters([], params)).toBe('TRUE');
  });

  it('escapes every regex metacharacter', () => {
    expect(escapeRegex('a.*+?^$()[]{}|\\b')).toBe('a\\.\\*\\+\\?\\^\\$\\(\\)\\[\\]\\{\\}\\|\\\\b');
  });
});

describe('filters against PostgreSQL', () => {
  it.each<[string, unknown[], string[]]>([
    ['empty list matches all', [], ALL],
    ['eq string', [f('display', 'eq', 'Ada Lovelace')], ['p1']],
    ['eq is case-sensitive', [f('display', 'eq', 'ada lovelace')], []],
    ['eq does not coerce types', [f('score', 'eq', 10)], ['p1']],
    ['eq number as string', [f('score', 'eq', '10')], ['p4']],
    ['eq boolean', [f('active', 'eq', true)], ['p1', 'p3']],
    ['eq null is missing or null', [f('birthDate', 'eq', null)], except('p1', 'p2')],
    ['ne null is present and not null', [f('score', 'ne', null)], ['p1', 'p2', 'p3', 'p4']],
    ['ne counts missing as not equal', [f('active', 'ne', true)], except('p1', 'p3')],
    ['lt number', [f('score', 'lt', 2.5)], ['p3']],
    ['le number', [f('score', 'le', 2.5)], ['p2', 'p3']],
    ['gt string compares ISO dates', [f('birthDate', 'gt', '1950-01-01')], ['p1']],
    ['ge boolean, false < true', [f('active', 'ge', true)], ['p1', 'p3']],
    ['in mixed scalars', [f('score', 'in', [10, -3, 'nope'])], ['p1', 'p3']],
    ['arrays element-wise: eq', [f('identifiers.value', 'eq', '111')], ['p1']],
    ['arrays element-wise: ne means no element', [f('identifiers.type', 'ne', 'MRN')], except('p1', 'p2')],
    ['arrays element-wise: in', [f('identifiers.value', 'in', ['A1', 'B2'])], ['p1', 'p2']],
    ['array of scalars', [f('tags', 'eq', 'new')], ['p1']],
    ['nested arrays', [f('contacts.telecom.value', 'eq', '555')], ['p12']],
    ['exists true on an object path', [f('name.given', 'exists', true)], ['p3']],
    ['an empty array does not exist', [f('identifiers', 'exists', false)], except('p1', 'p2')],
    ['exists false counts null as missing', [f('score', 'exists', false)], except('p1', 'p2', 'p3', 'p4')],
    ['contains is case-insensitive', [f('display', 'contains', 'LOVE')], ['p1']],
    ['contains folds non-ASCII case', [f('display', 'contains', 'école')], ['p11']],
    ['startsWith anchors at the start', [f('display', 'startsWith', 'lovelace')], []],
    ['startsWith', [f('display', 'startsWith', 'al')], ['p2']],
    ['contains on an array element', [f('name.given', 'contains', 'rews')], ['p3']],
    ['contains on a number never matches', [f('score', 'contains', '10')], ['p4']],
  ])('%s', async (_, body, expected) => {
    expect(await ids(body)).toEqual(expected);
  });

  it.each<[string, string, string[]]>([
    ['.*', 'contains', ['p4']],
    ['.', 'contains', ['p4']],
    ["'", 'contains', ['p5', 'p9']],
    ['"', 'contains', ['p6']],
    ['\\', 'contains', ['p7']],
    ['%', 'contains', ['p8']],
    ['_', 'contains', ['p8']],
    ['$5', 'contains', ['p8']],
    ['$', 'contains', ['p8']],
    ['^', 'contains', []],
    ["'; DROP TABLE x; --", 'startsWith', ['p9']],
    ["o'b", 'startsWith', ['p5']],
  ])('treats %j literally in %s', async (value, op, expected) => {
    expect(await ids([f('display', op, value)])).toEqual(expected);
  });

  it.each(['.*', "'", '"', '\\', '%', '_', '$', "'; DROP TABLE x; --", '\\"); --'])('eq and in on %j', async (value) => {
    const match = ROWS.filter((r) => r.body.display === value).map((r) => r.id);
    expect(await ids([f('display', 'eq', value)])).toEqual(match);
    expect(await ids([f('display', 'in', [value, 'zzz'])])).toEqual(match);
    expect(await ids([f('id', 'eq', value)])).toEqual([]);
  });

  it.each<[string, unknown[], string[]]>([
    ['or', [{ or: [f('display', 'startsWith', 'ada'), f('score', 'lt', 0)] }], ['p1', 'p3']],
    ['and inside or', [{ or: [{ and: [f('active', 'eq', true), f('score', 'gt', 5)] }, f('id', 'eq', 'p2')] }], ['p1', 'p2']],
    ['top-level AND with a group', [f('partition', 'eq', 'pat-1'), { or: [f('score', 'eq', 10), f('score', 'eq', 99)] }], ['p1']],
    // Each filter tests the array on its own; the two may match different elements.
    [
      'filters do not correlate elements',
      [{ and: [f('contacts.telecom.system', 'eq', 'phone'), f('contacts.telecom.value', 'eq', 'x@y.z')] }],
      ['p12'],
    ],
  ])('groups: %s', async (_, body, expected) => {
    expect(await ids(body)).toEqual(expected);
  });

  it.each<[string, unknown[], string[]]>([
    ['id eq', [f('id', 'eq', 'p10')], ['p10']],
    ['id in', [f('id', 'in', ['p1', 'p9', 'nope'])], ['p1', 'p9']],
    ['id lt uses code-point order', [f('id', 'lt', 'p2')], ['p1', 'p10', 'p11', 'p12']],
    ['partition eq null', [f('partition', 'eq', null)], ['p5', 'p6']],
    ['partition ne counts NULL as not equal', [f('partition', 'ne', 'pat-1')], except('p1', 'p2')],
    ['partition exists', [f('partition', 'exists', true)], except('p5', 'p6')],
    ['versionId contains is case-insensitive', [f('meta.versionId', 'contains', 'aaa')], ['p1']],
    ['versionId startsWith', [f('meta.versionId', 'startsWith', 'V-B')], ['p2']],
    ['versionId lt orders upper case first', [f('meta.versionId', 'lt', 'v-a')], ['p1']],
    ['lastModified ge date-only is UTC midnight', [f('meta.lastModified', 'ge', '2024-04-01')], ['p10', 'p11', 'p12']],
    ['lastModified lt with offset', [f('meta.lastModified', 'lt', '2024-01-02T13:00:00+02:00')], ['p1']],
    ['lastModified in', [f('meta.lastModified', 'in', ['2024-04-01T22:00:00Z', '2024-01-03'])], ['p11', 'p3']],
    ['isDeleted eq', [f('meta.isDeleted', 'eq', true)], ['p11']],
    ['isDeleted ne', [f('meta.isDeleted', 'ne', true)], except('p11')],
  ])('columns: %s', async (_, body, expected) => {
    expect(await ids(body)).toEqual(expected);
  });

  it('leaves the table intact after SQL-looking values', async () => {
    await ids([f('display', 'eq', "x'); DROP TABLE resources; --")]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n).toBe(ROWS.length + 1);
  });
});

describe('indexed filter fields', () => {
  it('compile eq and in with values to jsonb equality, the rest to jsonpath', () => {
    const params: unknown[] = [PRACTICE];
    const sql = compileFilters(
      parseFilters([
        f('score', 'eq', 10),
        f('display', 'in', ['a', 2]),
        f('display', 'eq', null),
        f('score', 'gt', 1),
        f('name.given', 'eq', 'x'),
      ]),
      params,
      INDEXED,
    );
    expect(sql).toBe(
      "((body #> '{score}') = $2::jsonb AND (body #> '{display}') = ANY($3::jsonb[]) AND " +
        'NOT COALESCE(body @? $4::jsonpath, FALSE) AND body @? $5::jsonpath AND body @? $6::jsonpath)',
    );
    expect(params.slice(1, 3)).toEqual(['10', ['"a"', '2']]);
  });

  it.each<[string, unknown[], string[]]>([
    ['eq string', [f('display', 'eq', 'Ada Lovelace')], ['p1']],
    ['eq does not coerce', [f('score', 'eq', '10')], ['p4']],
    ['eq number by value', [f('score', 'eq', 2.5)], ['p2']],
    ['eq boolean', [f('active', 'eq', false)], ['p2']],
    ['in mixed scalars', [f('score', 'in', [10, -3, 'nope'])], ['p1', 'p3']],
    ['eq never matches null', [f('birthDate', 'eq', 'null')], []],
  ])('%s, as the jsonpath form answers', async (_, body, expected) => {
    expect(await ids(body, INDEXED)).toEqual(expected);
    expect(await ids(body, PLAIN)).toEqual(expected);
  });
});

describe('_text', () => {
  const text = (value: string) => ({ field: '_text', op: 'contains', value });

  it('compiles each word to a LIKE on the searchable text, its wildcards escaped', () => {
    const params: unknown[] = [PRACTICE];
    const column = textSearchColumn(INDEXED);
    expect(compileFilters(parseFilters([text(' 1%_\\ Ada ')]), params, INDEXED)).toBe(
      `(${column} LIKE ('%' || lower($2::text) || '%') AND ${column} LIKE ('%' || lower($3::text) || '%'))`,
    );
    expect(params.slice(1)).toEqual(['1\\%\\_\\\\', 'Ada']);
  });

  it('is refused on a type without text search paths', () => {
    expect(() => compileFilters(parseFilters([{ or: [text('ada')] }]), [], PLAIN)).toThrow('The query is invalid.');
  });

  it.each<[string, string, string[]]>([
    ['one word, any case', 'LOVE', ['p1']],
    ['every word must occur', 'ada lovelace', ['p1']],
    ['a word missing', 'ada turing', []],
    ['words in different strings', 'grace brewster', ['p3']],
    ['not across two strings', 'gracebrewster', []],
    ['an element of a path through an array', 'b2', ['p2']],
    ['an array of strings', 'vip', ['p1']],
    ['non-ASCII folded', 'école', ['p11']],
    ['% is literal', '100%', ['p8']],
    ['_ is literal', 'e_n', ['p8']],
    ['a backslash is literal', 'k\\s', ['p7']],
    ['a quote', "o'b", ['p5']],
    ['numbers are not text', '-3', []],
  ])('%s', async (_, value, expected) => {
    expect(await ids([text(value)], INDEXED)).toEqual(expected);
  });
});

describe('random valid filters', () => {
  const special = fc.constantFrom('', '.*', "'", '"', '\\', '%', '_', '$', '^', "'; DROP TABLE x; --", '\n', '\u0001', '😀', 'É');
  const text = fc.oneof(
    special,
    fc.string({ unit: 'binary', maxLength: 20 }).filter((s) => !s.includes('\u0000')),
  );
  const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  const scalar = fc.oneof(text, number, fc.boolean());
  const date = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });
  const timestamp = fc.oneof(
    date.map((d) => d.toISOString()),
    date.map((d) => d.toISOString().slice(0, 10)),
    date.map((d) => `${d.toISOString().slice(0, 19)}-14:00`),
  );
  // Names jsonpath treats as keywords are included to prove member names are quoted.
  const bodyField = fc.constantFrom(
    'display',
    'score',
    'active',
    'identifiers.value',
    'name.given',
    'last',
    'true',
    'like_regex',
    'contacts.telecom.value',
    'meta',
    'a.b.c.d.e.f.g.h',
  );
  const ops = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;

  const leafFor = (field: fc.Arbitrary<string>, value: fc.Arbitrary<unknown>, text?: fc.Arbitrary<string>) =>
    fc.oneof(
      fc.record({ field, op: fc.constantFrom(...ops), value }),
      fc.record({ field, op: fc.constantFrom('eq', 'ne'), value: fc.constant(null) }),
      fc.record({ field, op: fc.constant('in'), value: fc.array(value, { minLength: 1, maxLength: 5 }) }),
      fc.record({ field, op: fc.constant('exists'), value: fc.boolean() }),
      ...(text ? [fc.record({ field, op: fc.constantFrom('contains', 'startsWith'), value: text })] : []),
    );
  const leaf = fc.oneof(
    { weight: 4, arbitrary: leafFor(bodyField, scalar, text) },
    leafFor(fc.constantFrom('id', 'partition', 'meta.versionId'), text, text),
    leafFor(fc.constant('meta.lastModified'), timestamp),
    leafFor(fc.constant('meta.isDeleted'), fc.boolean()),
  );
  const filterAt = (depth: number): fc.Arbitrary<unknown> =>
    depth === 0
      ? leaf
      : fc.oneof(
          { weight: 3, arbitrary: leaf },
          fc.record({ and: fc.array(filterAt(depth - 1), { minLength: 1, maxLength: 3 }) }),
          fc.record({ or: fc.array(filterAt(depth - 1), { minLength: 1, maxLength: 3 }) }),
        );
  const query = fc.array(filterAt(3), { maxLength: 3 });

  it('parse, compile and execute without a PostgreSQL error', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (body) => {
        await ids(body);
      }),
      { numRuns: 300 },
    );
  });

  it('and is intersection, or is union', async () => {
    await fc.assert(
      fc.asyncProperty(filterAt(1), filterAt(1), async (a, b) => {
        const [left, right, both, either] = await Promise.all([ids([a]), ids([b]), ids([{ and: [a, b] }]), ids([{ or: [a, b] }])]);
        expect(both).toEqual(left.filter((id) => right.includes(id)));
        expect(either).toEqual([...new Set([...left, ...right])].sort());
      }),
      { numRuns: 100 },
    );
  });

  it('ne is the complement of eq, exists false of exists true', async () => {
    const field = fc.oneof(bodyField, fc.constantFrom('id', 'partition'));
    await fc.assert(
      fc.asyncProperty(field, fc.oneof(text, fc.constant(null)), async (fieldName, value) => {
        const eq = await ids([f(fieldName, 'eq', value)]);
        expect(await ids([f(fieldName, 'ne', value)])).toEqual(ALL.filter((id) => !eq.includes(id)));
        const present = await ids([f(fieldName, 'exists', true)]);
        expect(await ids([f(fieldName, 'exists', false)])).toEqual(ALL.filter((id) => !present.includes(id)));
      }),
      { numRuns: 100 },
    );
  });

  it('the in-memory evaluator (matchesFilters) agrees with the SQL on every row', async () => {
    // The same rows as resources: column fields under meta, as the server stores them.
    const docs = ROWS.map((r) => ({
      ...r.body,
      id: r.id,
      partition: r.partition,
      meta: { versionId: r.version, lastModified: r.modified, isDeleted: r.deleted ?? false },
    }));
    // Case folding is compared on text both sides fold alike (ASCII and common accented letters);
    // the bare field `meta` is left out, since these SQL bodies deliberately have no meta.
    // Words from the rows in other cases make case folding, prefixes and equality actually matter.
    const fromRows = fc.constantFrom(
      'ada',
      'LOVELACE',
      'alan turing',
      'grace',
      'HOPPER',
      'école',
      'ÉCOLE',
      'a1',
      'B2',
      'VIP',
      'p1',
      'PAT-1',
      'v-aaa',
      'V-AAA',
      '555',
      'Phone',
    );
    const foldable = fc.oneof(fromRows, fc.string({ unit: 'grapheme-ascii', maxLength: 6 }), fc.constantFrom('É', 'é', '.*', "'"));
    const field = fc.constantFrom(
      'display',
      'score',
      'active',
      'identifiers.value',
      'name.given',
      'contacts.telecom.value',
      'birthDate',
      'tags',
    );
    const leafHere = fc.oneof(
      { weight: 4, arbitrary: leafFor(field, fc.oneof(foldable, number, fc.boolean()), foldable) },
      leafFor(fc.constantFrom('id', 'partition', 'meta.versionId'), foldable, foldable),
      leafFor(fc.constant('meta.lastModified'), timestamp),
      leafFor(fc.constant('meta.isDeleted'), fc.boolean()),
    );
    const words = fc.array(fc.oneof(fromRows, fc.constantFrom('a', 'ce', 'ov', '%', '_', "o'", '\\', 'gr ho')), {
      minLength: 1,
      maxLength: 3,
    });
    const textLeaf = fc.record({ field: fc.constant('_text'), op: fc.constant('contains'), value: words.map((w) => w.join(' ')) });
    const nested = fc.oneof(
      { weight: 3, arbitrary: leafHere },
      textLeaf,
      fc.record({ and: fc.array(leafHere, { minLength: 1, maxLength: 3 }) }),
      fc.record({ or: fc.array(leafHere, { minLength: 1, maxLength: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(nested, { maxLength: 3 }), async (body) => {
        const filters = parseFilters(body);
        const inMemory = docs
          .filter((d) => matchesFilters(d, filters, INDEXED))
          .map((d) => d.id)
          .sort();
        expect(inMemory).toEqual(await ids(body, INDEXED));
        // The jsonpath form (no indexed fields) answers the same wherever text search is not used.
        if (!JSON.stringify(body).includes('"_text"')) expect(inMemory).toEqual(await ids(body, PLAIN));
      }),
      { numRuns: 300 },
    );
  });
});
