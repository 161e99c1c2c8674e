import { describe, expect, it } from 'vitest';
import { QuestionTypes, type QuestionType } from '../enums.ts';
import type { QuestionnaireItem } from './types.ts';
import { validateResponse } from './validate-response.ts';

const ref = (resourceType: string, id = 'x1') => ({ resourceType, id });
const options = [
  { code: 'a', display: 'Apple' },
  { code: 'b', display: 'Banana' },
];

/**
 * For every question type: its item, a valid answer, and an invalid answer with the exact issue
 * it must produce (label = the item's text 'Q'). Display-only types hold no answer at all.
 */
const CASES: Record<QuestionType, { item?: Partial<QuestionnaireItem>; valid?: unknown; invalid?: [unknown, string] }> = {
  Boolean: { valid: false, invalid: ['yes', 'Q is invalid.'] },
  Integer: { valid: 3, invalid: [3.5, 'Q must be an integer'] },
  Decimal: { valid: 3.25, invalid: ['3.25', 'Q is invalid.'] },
  String: { valid: 'one line', invalid: ['two\nlines', 'Q is invalid.'] },
  Text: { valid: 'two\nlines', invalid: [42, 'Q is invalid.'] },
  Date: { valid: '2024-02-29', invalid: ['2023-02-29', 'Q is invalid.'] },
  DateTime: { valid: '2024-05-01T10:30:00Z', invalid: ['2024-05-01 10:30', 'Q is invalid.'] },
  Time: { valid: '23:59:59', invalid: ['24:00', 'Q is invalid.'] },
  Choice: { item: { answerOptions: options }, valid: 'a', invalid: ['c', 'Q must be one of the following values: a, b'] },
  OpenChoice: { item: { answerOptions: options }, valid: 'something else', invalid: [['a'], 'Q is invalid.'] },
  Ranking: { item: { answerOptions: options }, valid: ['b', 'a'], invalid: [['a', 'a'], 'Q cannot have duplicates.'] },
  ContactPoint: {
    valid: { system: 'Email', value: 'ada@example.org' },
    invalid: [{ system: 'Email', value: 'nope' }, 'q.value must be a valid email'],
  },
  Approximate: { valid: '2024-05', invalid: ['2024-5', 'Invalid Approximate: 2024-5'] },
  Address: {
    valid: { line: ['1 Main St'], city: 'Springfield', state: 'IL', postalCode: '62701' },
    invalid: [{ state: 'ZZ' }, 'q.state is invalid.'],
  },
  Patient: { valid: ref('Patient'), invalid: [ref('Practitioner'), 'q.resourceType must be one of the following values: Patient'] },
  Practitioner: { valid: ref('Practitioner'), invalid: [{ resourceType: 'Practitioner' }, 'q.id is a required field'] },
  InsuranceCompany: {
    valid: ref('Organization'),
    invalid: [ref('Patient'), 'q.resourceType must be one of the following values: Organization'],
  },
  Location: { valid: ref('Location'), invalid: ['Location/1', 'Q is invalid.'] },
  EhrLookup: {
    item: { lookupTypes: ['Condition', 'Medication'] },
    valid: ref('Medication'),
    invalid: [ref('Note'), 'q.resourceType must be one of the following values: Condition, Medication'],
  },
  RelatedPerson: {
    valid: ref('RelatedPerson'),
    invalid: [ref('Patient'), 'q.resourceType must be one of the following values: RelatedPerson'],
  },
  TextChoice: { item: { answerOptions: options }, valid: 'Banana', invalid: ['b', 'Q must be one of the following values: Apple, Banana'] },
  TextBlock: {},
  Duration: { valid: '1:30:00', invalid: ['1:60:00', '"1:60:00" has an invalid minutes part.'] },
  Signature: {},
  Header: {},
  Grid: {
    item: { rows: [{ code: 'r1', display: 'Row 1' }], items: [{ linkId: 'c1', type: 'Integer', text: 'Col', required: true }] },
    valid: { r1: { c1: 2 } },
    invalid: [{ r1: { c1: 'two' } }, 'Row 1: Col is invalid.'],
  },
  HealthcareService: {
    valid: ref('HealthcareService'),
    invalid: [ref('Location'), 'q.resourceType must be one of the following values: HealthcareService'],
  },
  DocumentReference: {
    valid: ref('DocumentReference'),
    invalid: [ref('Media'), 'q.resourceType must be one of the following values: DocumentReference'],
  },
  UsState: { valid: 'PR', invalid: ['XX', 'Q is invalid.'] },
  TableReport: {
    item: {
      report: {
        source: 'Observations',
        columns: [
          { key: 'date', label: 'Date' },
          { key: 'score', label: 'Score' },
        ],
      },
    },
    valid: { generatedAt: '2024-05-01T10:30:00Z', rows: [{ date: '2024-04-01', score: 12 }] },
    invalid: [{ generatedAt: '2024-05-01T10:30:00Z', rows: [{ other: 1 }] }, 'q.rows[0] is invalid.'],
  },
  ServiceEvents: {
    valid: { generatedAt: '2024-05-01T10:30:00Z', rows: [{ date: '2024-04-01', duration: '0:50:00', service: ref('HealthcareService') }] },
    invalid: [{ generatedAt: '2024-05-01T10:30:00Z', rows: [{ date: 'yesterday' }] }, 'q.rows[0].date is invalid.'],
  },
};

const itemOf = (type: QuestionType, extra: Partial<QuestionnaireItem> = {}): QuestionnaireItem => ({
  linkId: 'q',
  type,
  text: 'Q',
  ...CASES[type].item,
  ...extra,
});
const check = (type: QuestionType, value: unknown, extra: Partial<QuestionnaireItem> = {}) =>
  validateResponse({ items: [itemOf(type, extra)] }, { answers: value === undefined ? {} : { q: value }, completion: 'InProgress' });

describe('every question type', () => {
  it('has a case for each of the enumeration', () => {
    expect(Object.keys(CASES).sort()).toEqual([...QuestionTypes].sort());
  });

  for (const type of QuestionTypes) {
    const c = CASES[type];
    if (c.valid === undefined) {
      it(`${type} is display only: it holds no answer`, () => {
        expect(check(type, undefined)).toEqual([]);
        expect(check(type, 'x')).toEqual([{ path: 'answers', message: 'answers field has unspecified keys: q' }]);
      });
      continue;
    }
    it(`${type} accepts ${JSON.stringify(c.valid)}`, () => {
      expect(check(type, c.valid)).toEqual([]);
    });
    it(`${type} refuses ${JSON.stringify(c.invalid![0])}`, () => {
      const issues = check(type, c.invalid![0]);
      expect(issues.map((i) => i.message)).toContain(c.invalid![1]);
      expect(issues.every((i) => i.path === 'q' || i.path.startsWith('q.'))).toBe(true);
    });
    it(`${type} is required when required and the response is complete`, () => {
      const issues = validateResponse({ items: [itemOf(type, { required: true })] }, { answers: {}, completion: 'Complete' });
      expect(issues).toEqual([{ path: 'q', message: 'Q is a required field' }]);
    });
  }

  it('a repeating question takes a list, within minItems and maxItems, without duplicates', () => {
    expect(check('Integer', [1, 2], { repeats: true })).toEqual([]);
    expect(check('Integer', [1, 'x'], { repeats: true })).toEqual([{ path: 'q.1', message: 'Q is invalid.' }]);
    expect(check('Integer', [1], { repeats: true, minItems: 2 })).toEqual([{ path: 'q', message: 'Q field must have at least 2 items' }]);
    expect(check('Integer', [1, 2, 3], { repeats: true, maxItems: 2 })).toEqual([
      { path: 'q', message: 'Q field must have less than or equal to 2 items' },
    ]);
    expect(check('Choice', ['a', 'a'], { repeats: true })).toEqual([{ path: 'q', message: 'Q cannot have duplicates.' }]);
  });

  it('a Grid names the cell: row code then column linkId', () => {
    const issues = validateResponse(
      { items: [itemOf('Grid', { required: true })] },
      { answers: { q: { r1: {} } }, completion: 'Complete' },
    );
    expect(issues).toEqual([{ path: 'q.r1.c1', message: 'Row 1: Col is a required field' }]);
  });

  it('a Ranking lists every option once', () => {
    expect(check('Ranking', ['a'])).toEqual([{ path: 'q', message: 'Q must have 2 items' }]);
  });
});
