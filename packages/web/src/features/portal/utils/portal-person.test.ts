import { describe, expect, it } from 'vitest';
import { fullName, greetingName } from './portal-person.ts';

describe('portal person names', () => {
  it('greets by the name the person goes by, else their given name, else the display', () => {
    expect(
      greetingName({
        names: [
          { given: ['Adaline', 'May'], family: 'Portal' },
          { use: 'Preferred', given: ['Ada'] },
        ],
      }),
    ).toBe('Ada');
    expect(
      greetingName({
        names: [
          { given: ['Adaline'], family: 'Portal' },
          { use: 'Nickname', given: ['Addy'] },
        ],
      }),
    ).toBe('Addy');
    expect(greetingName({ names: [{ given: ['Adaline', 'May'], family: 'Portal' }] })).toBe('Adaline May');
    expect(greetingName({ names: [], display: 'Portal, Ada' })).toBe('Portal, Ada');
  });

  it('writes the legal name given names first', () => {
    expect(
      fullName({
        names: [
          { use: 'Nickname', given: ['Addy'] },
          { given: ['Adaline', 'May'], family: 'Portal' },
        ],
      }),
    ).toBe('Adaline May Portal');
    expect(fullName({ names: [{ family: 'Portal' }] })).toBe('Portal');
  });
});
