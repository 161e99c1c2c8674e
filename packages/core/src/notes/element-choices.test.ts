import { describe, expect, it } from 'vitest';
import { elementChoices } from './element-choices.ts';
import { noteSectionElementSchema } from './note-config-schemas.ts';

const lists = {
  customNoteOptions: ['Engaged', 'Withdrawn'],
  levelsOfAssistance: ['Independent', 'Verbal prompt', 'Full physical'],
  promptNumberCodes: ['P1', 'P2'],
};

describe('elementChoices', () => {
  it('takes the practice list the element names, custom note options by default', () => {
    expect(elementChoices({}, lists)).toEqual(['Engaged', 'Withdrawn']);
    expect(elementChoices({ optionSource: 'LevelsOfAssistance' }, lists)).toEqual(['Independent', 'Verbal prompt', 'Full physical']);
    expect(elementChoices({ optionSource: 'PromptNumberCodes' }, lists)).toEqual(['P1', 'P2']);
  });

  it("prefers the element's own options, and gives nothing for an empty practice list", () => {
    expect(elementChoices({ options: ['A'], optionSource: 'PromptNumberCodes' }, lists)).toEqual(['A']);
    expect(elementChoices({ optionSource: 'PromptNumberCodes' }, { ...lists, promptNumberCodes: [] })).toEqual([]);
  });

  it('the definition schema accepts the three sources and refuses another', () => {
    const element = { key: 's.CtoneCustomDropdown', type: 'CtoneCustomDropdown' };
    for (const optionSource of ['CustomNoteOptions', 'LevelsOfAssistance', 'PromptNumberCodes']) {
      expect(noteSectionElementSchema.isValidSync({ ...element, optionSource }, { strict: true })).toBe(true);
    }
    expect(() => noteSectionElementSchema.validateSync({ ...element, optionSource: 'Goals' }, { strict: true })).toThrow(/optionSource/);
  });
});
