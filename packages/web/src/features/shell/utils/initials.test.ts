import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('avatar initials', () => {
  it('come from the name when there is one, else from the e-mail', () => {
    expect(initialsOf('Ada Lovelace', 'x@y')).toBe('AL');
    expect(initialsOf('Ada King Lovelace', 'x@y')).toBe('AL');
    expect(initialsOf('Cher', 'x@y')).toBe('C');
    expect(initialsOf(undefined, 'jane.doe@test')).toBe('JD');
    expect(initialsOf('  ', 'ab@test')).toBe('AB');
    expect(initialsOf(undefined, '@test')).toBe('?');
  });

  it('leave out the credentials a display name carries after its comma', () => {
    expect(initialsOf('Ruby Windler, LCSW', 'x@y')).toBe('RW');
    expect(initialsOf('Maximus Denesik, LICSW', 'x@y')).toBe('MD');
    expect(initialsOf('Inez Hills, CCM, LCSW', 'x@y')).toBe('IH');
    expect(initialsOf(', LCSW', 'jane.doe@test')).toBe('JD');
  });
});
