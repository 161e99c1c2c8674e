import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { PHQ9 } from './built-in/index.ts';
import { answerableVersionId, applyPublishingRules, assertAnswerable } from './publishing.ts';
import type { Questionnaire } from './types.ts';
import { questionnaireIssues } from './validate-questionnaire.ts';

const q = (extra: Partial<Questionnaire> = {}, versionId = 'v1'): Questionnaire => ({
  id: 'q1',
  resourceType: 'Questionnaire',
  title: 'Intake',
  status: 'Draft',
  meta: { versionId, lastModified: '2024-01-01T00:00:00Z' },
  items: [{ linkId: 'name', type: 'String', text: 'Name' }],
  ...extra,
});

function errorOf(fn: () => void): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

describe('applyPublishingRules', () => {
  it('starts at version 1 as a Draft', () => {
    const next = q({ status: undefined as never });
    applyPublishingRules(next, undefined);
    expect(next).toMatchObject({ status: 'Draft', version: 1 });
    expect(next.publishedVersionId).toBeUndefined();
  });

  it('publishes a draft: its own version becomes the published one', () => {
    const next = q({ status: 'Active', version: 1 }, 'v2');
    applyPublishingRules(next, q({ version: 1 }));
    expect(next).toMatchObject({ status: 'Active', version: 1, publishedVersionId: 'v2' });
  });

  it('makes an edit of an Active one a new Draft version, keeping the published version answerable', () => {
    const active = q({ status: 'Active', version: 1, publishedVersionId: 'v1' });
    const next = q({ status: 'Active', title: 'Intake 2' }, 'v2');
    applyPublishingRules(next, active);
    expect(next).toMatchObject({ status: 'Draft', version: 2, publishedVersionId: 'v1' });
    expect(answerableVersionId(next)).toBe('v1');
    // Publishing the draft replaces it.
    const published = q({ status: 'Active', title: 'Intake 2' }, 'v3');
    applyPublishingRules(published, next);
    expect(published).toMatchObject({ status: 'Active', version: 2, publishedVersionId: 'v3' });
  });

  it('retires and reactivates by status alone', () => {
    const active = q({ status: 'Active', version: 1, publishedVersionId: 'v1' });
    const retired = q({ status: 'Retired' }, 'v2');
    applyPublishingRules(retired, active);
    expect(retired).toMatchObject({ status: 'Retired', version: 1 });
    expect(retired.publishedVersionId).toBeUndefined();
    expect(answerableVersionId(retired)).toBeUndefined();
    const back = q({ status: 'Active' }, 'v3');
    applyPublishingRules(back, retired);
    expect(back).toMatchObject({ status: 'Active', version: 1, publishedVersionId: 'v3' });
  });

  it('refuses publishing an invalid pattern, but keeps it in a draft', () => {
    const items = [{ linkId: 'name', type: 'String' as const, pattern: '(' }];
    expect(() => applyPublishingRules(q({ items }), undefined)).not.toThrow();
    const error = errorOf(() => applyPublishingRules(q({ items, status: 'Active' }), undefined));
    expect(error.message).toBe('items.0.pattern is not a valid regular expression.');
  });

  it("refuses changing a built-in's questions but lets it be retired", () => {
    const builtIn = { ...PHQ9, meta: { versionId: 'v1', lastModified: '' }, version: 1 } as Questionnaire;
    const edited = { ...builtIn, items: builtIn.items.slice(1), meta: { versionId: 'v2', lastModified: '' } };
    expect(errorOf(() => applyPublishingRules(edited, builtIn)).message).toBe(
      'PHQ-9 is a built-in assessment; its questions cannot be changed. Copy it to make your own.',
    );
    const retired = { ...builtIn, status: 'Retired' as const, meta: { versionId: 'v2', lastModified: '' } };
    expect(() => applyPublishingRules(retired, builtIn)).not.toThrow();
  });
});

describe('assertAnswerable', () => {
  it('accepts a published version, even an older one, while not retired', () => {
    expect(() => assertAnswerable(q({ status: 'Active' }), q({ status: 'Active' }))).not.toThrow();
    expect(() => assertAnswerable(q({ status: 'Draft' }, 'v2'), q({ status: 'Active' }))).not.toThrow();
  });

  it.each([
    ['a draft', q(), q(), 'Intake is a draft and cannot be answered until it is published.'],
    ['a retired one', q({ status: 'Retired' }, 'v2'), q({ status: 'Active' }), 'Intake is retired and can no longer be answered.'],
    [
      'a never-published version',
      q({ status: 'Active' }, 'v3'),
      q({ status: 'Draft' }, 'v2'),
      'This version of Intake was never published and cannot be answered.',
    ],
  ])('refuses %s', (_name, current, answered, message) => {
    const error = errorOf(() => assertAnswerable(current, answered));
    expect(error.message).toBe(message);
    expect(error.issues).toEqual([{ path: 'questionnaire', message }]);
  });
});

describe('questionnaireIssues', () => {
  const publish = (items: unknown[], extra: Record<string, unknown> = {}) =>
    questionnaireIssues({ title: 'T', status: 'Active', items: items as never, ...extra }, { publishing: true });

  it.each([
    ['a missing title', [], { title: ' ' }, { path: 'title', message: 'title is a required field' }],
    [
      'an unknown status',
      [],
      { status: 'Live' },
      { path: 'status', message: 'status must be one of the following values: Draft, Active, Retired' },
    ],
    ['a dotted linkId', [{ linkId: 'a.b', type: 'String' }], {}, { path: 'items.0.linkId', message: 'items.0.linkId is invalid.' }],
    [
      'an unknown type',
      [{ linkId: 'a', type: 'Colour' }],
      {},
      { path: 'items.0.type', message: expect.stringContaining('items.0.type must be one of the following values: Boolean') },
    ],
    [
      'a choice without options',
      [{ linkId: 'a', type: 'Choice' }],
      {},
      { path: 'items.0.answerOptions', message: 'items.0.answerOptions needs at least one answer option.' },
    ],
    [
      'duplicate option codes',
      [
        {
          linkId: 'a',
          type: 'Choice',
          answerOptions: [
            { code: 'x', display: 'X' },
            { code: 'x', display: 'Y' },
          ],
        },
      ],
      {},
      { path: 'items.0.answerOptions', message: 'items.0.answerOptions cannot have duplicates.' },
    ],
    [
      'min above max',
      [{ linkId: 'a', type: 'Integer', min: 5, max: 1 }],
      {},
      { path: 'items.0', message: 'items.0 has a min above its max.' },
    ],
    [
      'a pattern on a number',
      [{ linkId: 'a', type: 'Integer', pattern: '\\d+' }],
      {},
      { path: 'items.0.pattern', message: 'items.0.pattern is not a valid regular expression.' },
    ],
    [
      'an unknown logic',
      [{ linkId: 'a', type: 'String', enableBehavior: 'Xor' }],
      {},
      { path: 'items.0.enableBehavior', message: 'items.0.enableBehavior must be one of the following values: And, Or, None' },
    ],
    [
      'a bad calculation',
      [{ linkId: 'a', type: 'Integer', calculation: { kind: 'Max', sources: ['a'] } }],
      {},
      { path: 'items.0.calculation', message: 'items.0.calculation is invalid.' },
    ],
    [
      'a duplicate linkId',
      [
        { linkId: 'a', type: 'String' },
        { linkId: 'a', type: 'String' },
      ],
      {},
      { path: 'a', message: 'linkId a is used more than once.' },
    ],
    [
      'a condition on an unknown question',
      [{ linkId: 'a', type: 'String', enableWhen: [{ question: 'zz', operator: 'exists' }] }],
      {},
      { path: 'a.enableWhen.0', message: 'a.enableWhen.0 names zz, which is not a question of this form.' },
    ],
    [
      'a calculation cycle',
      [
        { linkId: 'a', type: 'Integer', calculation: { kind: 'Sum', sources: ['b'] } },
        { linkId: 'b', type: 'Integer', calculation: { kind: 'Sum', sources: ['a'] } },
      ],
      {},
      { path: 'a', message: 'The calculation of a depends on itself.' },
    ],
  ])('names %s', (_name, items, extra, issue) => {
    expect(publish(items, extra)).toContainEqual(issue);
  });

  it('checks only the shape of a draft', () => {
    expect(questionnaireIssues({ title: 'T', status: 'Draft', items: [{ linkId: 'a', type: 'Choice' }] }, { publishing: false })).toEqual(
      [],
    );
    expect(questionnaireIssues({ title: 'T', status: 'Draft', items: 'nope' as never }, { publishing: false })).toEqual([
      { path: 'items', message: 'items is invalid.' },
    ]);
  });
});
