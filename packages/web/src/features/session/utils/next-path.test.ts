import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPathFor } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeNextPath('/patients/12?tab=notes#n3')).toBe('/patients/12?tab=notes#n3');
  });

  it.each([
    null,
    undefined,
    '',
    'patients',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/sign-in?next=/x',
  ])('falls back to / for %s', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });
});

describe('signInPathFor', () => {
  it('carries the place in ?next=, except for the home page', () => {
    expect(signInPathFor('/notes?id=1')).toBe('/sign-in?next=%2Fnotes%3Fid%3D1');
    expect(signInPathFor('/')).toBe('/sign-in');
  });
});
