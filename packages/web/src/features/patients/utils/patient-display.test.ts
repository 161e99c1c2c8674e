import { describe, expect, it } from 'vitest';
import { zonedClock } from '@caseload/core';
import { birthDateWithAge, formatDate, goesBy, localToday, patientName, patientNameWithPreferred } from './patient-display.ts';

const jane = {
  display: 'Doe, Jane',
  names: [
    { given: ['Jane', 'Q'], family: 'Doe' },
    { use: 'Nickname' as const, given: ['JJ'] },
    { use: 'Preferred' as const, given: ['Janie'] },
  ],
};

describe('patient display', () => {
  it('shows the preferred name (else the nickname) beside the legal one, and nothing when none was given', () => {
    expect(goesBy(jane)).toBe('Janie');
    expect(goesBy({ names: [jane.names[0]!, jane.names[1]!] })).toBe('JJ');
    expect(goesBy({ names: [jane.names[0]!] })).toBeUndefined();
    expect(patientNameWithPreferred(jane)).toBe('Doe, Jane Q (Janie)');
    expect(
      patientNameWithPreferred({
        names: [
          { given: ['Jane'], family: 'Doe' },
          { use: 'Preferred', given: ['Jane'] },
        ],
      }),
    ).toBe('Doe, Jane');
  });

  it('falls back to the stored display and then to "Unnamed"', () => {
    expect(patientName({ names: [{ given: ['Ann', 'B'], family: 'Lee' }] })).toBe('Lee, Ann B');
    expect(patientName({ names: [], display: 'Legacy Name' })).toBe('Legacy Name');
    expect(patientName({ names: [] })).toBe('Unnamed');
  });

  it('writes dates as MM/DD/YYYY with the age in whole years', () => {
    expect(formatDate('1985-03-07')).toBe('03/07/1985');
    expect(birthDateWithAge('1985-03-07', '2025-03-07')).toBe('03/07/1985 (40 y)');
    expect(birthDateWithAge('1985-03-08', '2025-03-07')).toBe('03/08/1985 (39 y)');
    expect(birthDateWithAge(undefined, '2025-03-07')).toBe('');
    // 11:30 PM in Los Angeles is the next day in UTC: today is the practice's.
    expect(localToday(zonedClock('America/Los_Angeles', { nameZone: false }), new Date('2025-01-06T07:30:00Z'))).toBe('2025-01-05');
  });
});
