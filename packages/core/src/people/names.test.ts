import { describe, expect, it } from 'vitest';
import { ageOn, formatName, legalName, patientDisplay, practitionerDisplay, preferredName, relatedPersonDisplay } from './names.ts';
import type { HumanName } from './types.ts';

const legal: HumanName = { given: ['Jane', 'Quinn'], family: 'Doe', prefix: ['Dr'], suffix: ['Jr'] };

describe('names', () => {
  it('formatName speaks the whole name and skips blanks', () => {
    expect(formatName(legal)).toBe('Dr Jane Quinn Doe Jr');
    expect(formatName({ given: [' Ann ', ''], family: '  ' })).toBe('Ann');
    expect(formatName(undefined)).toBe('');
  });

  it('the legal name is the first without a use', () => {
    expect(legalName([{ use: 'Nickname', given: ['JJ'] }, legal])).toBe(legal);
    expect(legalName([{ use: 'Preferred', given: ['Jo'] }])?.given).toEqual(['Jo']);
    expect(legalName([])).toBeUndefined();
  });

  it('patientDisplay is "Family, Given" of the legal name', () => {
    expect(patientDisplay({ names: [{ use: 'Nickname', given: ['JJ'], family: 'X' }, legal] })).toBe('Doe, Jane Quinn');
    expect(patientDisplay({ names: [{ family: 'Doe' }] })).toBe('Doe');
    expect(patientDisplay({ names: [{ given: ['Cher'] }] })).toBe('Cher');
    expect(patientDisplay({ names: [], display: 'Imported' })).toBe('Imported');
    expect(relatedPersonDisplay({ names: [{ given: ['Sam'], family: 'Roe' }] })).toBe('Roe, Sam');
  });

  it('practitionerDisplay is "Given Family, Credentials"', () => {
    expect(practitionerDisplay({ names: [legal], credentials: 'LCSW' })).toBe('Jane Quinn Doe, LCSW');
    expect(practitionerDisplay({ names: [legal] })).toBe('Jane Quinn Doe');
    expect(practitionerDisplay({ names: [legal], credentials: '  ' })).toBe('Jane Quinn Doe');
  });

  it('preferredName prefers Preferred, then Nickname, then the legal given names', () => {
    expect(preferredName({ names: [legal, { use: 'Nickname', given: ['JJ'] }, { use: 'Preferred', given: ['Janie'] }] })).toBe('Janie');
    expect(preferredName({ names: [legal, { use: 'Nickname', given: ['JJ'] }] })).toBe('JJ');
    expect(preferredName({ names: [legal] })).toBe('Jane Quinn');
    expect(preferredName({})).toBe('');
  });

  it('ageOn counts whole years from the birthday', () => {
    expect(ageOn('1990-06-15', '2024-06-14')).toBe(33);
    expect(ageOn('1990-06-15', '2024-06-15')).toBe(34);
    expect(ageOn('2000-02-29', '2023-02-28')).toBe(22);
    expect(ageOn('2000-02-29', '2023-03-01')).toBe(23);
    expect(ageOn('2024-01-01', '2024-01-01')).toBe(0);
    expect(ageOn('2025-01-01', '2024-01-01')).toBeUndefined();
    expect(ageOn('1990-02-30', '2024-01-01')).toBeUndefined();
    expect(ageOn(undefined, '2024-01-01')).toBeUndefined();
    expect(ageOn('1990-01-01', new Date('2024-05-01T12:00:00Z'))).toBe(34);
  });
});
