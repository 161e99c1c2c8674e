import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { validateReference, validateReferenceSystem } from './reference.ts';

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

describe('validateReferenceSystem', () => {
  it.each(['Practitioner/123', 'practices/abc', 'a/b'])('accepts %s', (system) => {
    expect(() => validateReferenceSystem(system)).not.toThrow();
  });

  it.each(['practices', 'practices/', '/abc', ' /abc', 'practices/ ', 'a/b/c', '', '/', 'practices//abc', 42, null])(
    'refuses %j',
    (system) => {
      const error = errorOf(() => validateReferenceSystem(system, 'author.system'));
      const message = `"${String(system)}" is an invalid reference system; expected two non-blank parts, such as "practices/abc".`;
      expect(error.message).toBe(message);
      expect(error.issues).toEqual([{ path: 'author.system', message }]);
    },
  );
});

describe('validateReference', () => {
  it('accepts a minimal and a full reference', () => {
    expect(() => validateReference({ id: 'p1', resourceType: 'Patient' })).not.toThrow();
    expect(() =>
      validateReference({
        id: 'p1',
        resourceType: 'Patient',
        display: 'Ada',
        partition: 'p1',
        versionId: 'v2',
        resource: null,
      }),
    ).not.toThrow();
  });

  it('refuses something that is not an object', () => {
    for (const value of [null, 'Patient/p1', [], 3]) {
      const error = errorOf(() => validateReference(value, 'encounter'));
      expect(error.message).toBe('encounter is invalid.');
      expect(error.issues).toEqual([{ path: 'encounter', message: 'encounter is invalid.' }]);
    }
  });

  it('lists every problem at its own path', () => {
    const error = errorOf(() => validateReference({ resourceType: 7, display: 1, versionId: null }, 'author'));
    expect(error.message).toBe('author is invalid.');
    expect(error.issues).toEqual([
      { path: 'author.id', message: 'author.id is a required field' },
      { path: 'author.resourceType', message: 'author.resourceType is invalid.' },
      { path: 'author.display', message: 'author.display is invalid.' },
      { path: 'author.versionId', message: 'author.versionId is invalid.' },
    ]);
  });

  it('treats an empty id as missing and a blank one as invalid', () => {
    expect(errorOf(() => validateReference({ id: '', resourceType: 'Patient' })).issues).toEqual([
      { path: 'reference.id', message: 'reference.id is a required field' },
    ]);
    expect(errorOf(() => validateReference({ id: '  ', resourceType: 'Patient' })).issues).toEqual([
      { path: 'reference.id', message: 'reference.id is invalid.' },
    ]);
  });
});
