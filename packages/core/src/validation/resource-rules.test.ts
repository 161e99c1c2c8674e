import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { MESSAGES } from '../errors/messages.ts';
import { assertCreatable, assertUpdatable, validateExpand } from './resource-rules.ts';

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('BadRequest');
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

describe('assertCreatable', () => {
  it('accepts a resource without an id', () => {
    for (const id of [undefined, null, '']) {
      expect(() => assertCreatable({ id, resourceType: 'Note' } as Record<string, unknown>)).not.toThrow();
    }
  });

  it('refuses a resource that already has an id', () => {
    const error = errorOf(() => assertCreatable({ id: 'n1' }));
    expect(error.message).toBe('Resource requested for creation already has an id.');
    expect(error.issues).toEqual([{ path: 'id', message: MESSAGES.createWithId }]);
  });
});

describe('assertUpdatable', () => {
  it('accepts a resource with an id and no transformations', () => {
    expect(() => assertUpdatable({ id: 'n1', meta: { versionId: 'v1', hasTransformations: false } })).not.toThrow();
    expect(() => assertUpdatable({ id: 'n1' })).not.toThrow();
  });

  it('refuses a resource without an id', () => {
    for (const id of [undefined, null, '']) {
      expect(errorOf(() => assertUpdatable({ id })).message).toBe(MESSAGES.updateWithoutId);
    }
  });

  it('refuses a resource that had transformations applied', () => {
    const error = errorOf(() => assertUpdatable({ id: 'n1', meta: { hasTransformations: true } }));
    expect(error.message).toBe(MESSAGES.updateTransformed);
    expect(error.issues).toEqual([{ path: 'meta.hasTransformations', message: MESSAGES.updateTransformed }]);
  });
});

describe('validateExpand', () => {
  it('accepts configured expandables, dotted ones included', () => {
    expect(() => validateExpand('Note', ['encounter', 'participants.individual'])).not.toThrow();
    expect(() => validateExpand('Note', [])).not.toThrow();
  });

  it('refuses an unknown name with the catalogue message, one issue per unknown name', () => {
    const error = errorOf(() => validateExpand('Note', ['encounter', 'bogus', 'participants']));
    expect(error.message).toBe('bogus is not a configured expandable for Note.');
    expect(error.issues).toEqual([
      { path: 'expand.1', message: 'bogus is not a configured expandable for Note.' },
      { path: 'expand.2', message: 'participants is not a configured expandable for Note.' },
    ]);
  });

  it('refuses every name for a type with no expandables or no definition', () => {
    expect(errorOf(() => validateExpand('District', ['organization'])).message).toBe(
      'organization is not a configured expandable for District.',
    );
    expect(errorOf(() => validateExpand('Nope', ['x'])).message).toBe('x is not a configured expandable for Nope.');
  });
});
