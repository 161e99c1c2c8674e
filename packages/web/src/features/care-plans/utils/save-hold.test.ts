import { describe, expect, it } from 'vitest';
import { saveHold } from './save-hold.ts';

describe('saveHold', () => {
  it('saves a well-formed plan whose elements all have text', () => {
    expect(saveHold({ elements: [{ id: 'g', kind: 'Goal', text: 'Sleep' }] })).toBeUndefined();
  });

  it('holds a new element until it has its text', () => {
    expect(saveHold({ elements: [{ id: 'g', kind: 'Goal', text: '  ' }] })).toBe('blankText');
  });

  it('holds a tree the structure rules refuse, before anything else', () => {
    expect(saveHold({ elements: [{ id: 'o', kind: 'Objective', text: '' }] })).toBe('structure');
  });
});
