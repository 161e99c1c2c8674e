import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { getResourceType } from '../resources/registry.ts';
import { matchesFilters } from './evaluate.ts';
import { parseFilters, textSearchWords } from './filter.ts';
import { assertFiltersFitType, assertScalarFields, scalarFieldIssues } from './type-checks.ts';

const text = (value: unknown, op = 'contains') => ({ field: '_text', op, value });

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).issues;
  }
  throw new Error('accepted');
}

describe('_text parsing', () => {
  it('accepts contains with 1 to 100 characters holding a word', () => {
    expect(parseFilters([text('lo')])).toEqual([text('lo')]);
    expect(parseFilters([{ or: [text(' ada   1990-02 ')] }])).toEqual([{ or: [text(' ada   1990-02 ')] }]);
    expect(parseFilters([text('x'.repeat(100))])).toHaveLength(1);
  });

  it.each<[string, unknown, string]>([
    ['another op', text('ada', 'eq'), '0.op'],
    ['an empty value', text(''), '0.value'],
    ['only whitespace', text(' \t '), '0.value'],
    ['101 characters', text('x'.repeat(101)), '0.value'],
    ['a number', text(12), '0.value'],
    ['no value', { field: '_text', op: 'contains' }, '0.value'],
  ])('refuses %s', (_, filter, path) => {
    const issues = issuesOf(() => parseFilters([filter]));
    expect(issues).toEqual([expect.objectContaining({ path })]);
  });

  it('splits words on any whitespace', () => {
    expect(textSearchWords(' Ada\tlove\n 1815 ')).toEqual(['Ada', 'love', '1815']);
  });
});

describe('_text by type', () => {
  const patient = getResourceType('Patient')!;
  const note = getResourceType('Note')!;

  it('Patient searches names, MRN, identifiers, birth date and display', () => {
    expect(patient.textSearchPaths).toEqual(['names.given', 'names.family', 'mrn', 'identifiers.value', 'birthDate', 'display']);
    expect(() => assertFiltersFitType(parseFilters([text('ada')]), patient)).not.toThrow();
  });

  it('is refused, where it is used, on a type without text search', () => {
    const issues = issuesOf(() =>
      assertFiltersFitType(parseFilters([{ field: 'status', op: 'eq', value: 'Final' }, { and: [text('ada')] }]), note),
    );
    expect(issues).toEqual([
      { path: '1.and.0.field', message: expect.stringMatching(/^Note has no text search; _text applies to .*Patient/) },
    ]);
  });
});

describe('_text in memory', () => {
  const ada = {
    resourceType: 'Patient',
    id: 'p1',
    display: 'Lovelace, Ada',
    birthDate: '1815-12-10',
    mrn: 'MRN-0017',
    names: [
      { given: ['Augusta', 'Ada'], family: 'King' },
      { use: 'Nickname', given: ['Enchantress'] },
    ],
    identifiers: [{ type: 'SSN', value: '123-45' }],
    telecom: [{ value: 'phone-555' }],
    score: 42,
  };
  const matches = (value: string) => matchesFilters(ada, parseFilters([text(value)]));

  it.each([
    ['a prefix of a given name', 'aug'],
    ['case folded', 'ENCHANT'],
    ['every word somewhere', 'king 1815 mrn-00'],
    ['words in any order', '12-10 lovelace'],
    ['inside an identifier', '3-4'],
    ['one letter', 'v'],
  ])('matches %s', (_, value) => expect(matches(value)).toBe(true));

  it.each([
    ['a word nowhere', 'ada turing'],
    ['a word across two strings', 'kingaugusta'],
    ['a path outside the text-search paths', 'phone'],
    ['a number', '42'],
  ])('does not match %s', (_, value) => expect(matches(value)).toBe(false));

  it('uses the given paths over the registry', () => {
    expect(matchesFilters({ title: 'Hello' }, parseFilters([text('ell')]), { textSearchPaths: ['title'] })).toBe(true);
    expect(matchesFilters({ title: 'Hello' }, parseFilters([text('ell')]))).toBe(false);
  });
});

describe('indexed filter fields stay scalar', () => {
  const note = getResourceType('Note')!;

  it('accepts a value, null, or a missing field', () => {
    expect(scalarFieldIssues(note, { author: { id: 'a' }, status: 'Final' })).toEqual([]);
    expect(scalarFieldIssues(note, { author: null })).toEqual([]);
    expect(scalarFieldIssues(note, { status: { coding: 'x' } })).toEqual([]);
  });

  it('refuses a list anywhere on the path', () => {
    expect(scalarFieldIssues(note, { author: [{ id: 'a' }], status: ['Final'] }).map((i) => i.path)).toEqual(['author.id', 'status']);
    expect(scalarFieldIssues(note, { author: { id: ['a'] } }).map((i) => i.path)).toEqual(['author.id']);
    expect(() => assertScalarFields(note, { status: ['Final'] })).toThrow('status holds one value, not a list.');
  });
});
